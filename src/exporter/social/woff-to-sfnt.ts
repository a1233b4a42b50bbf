import { inflateSync } from "node:zlib";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

/**
 * A WOFF 1.0 font unpacked to the TrueType/OpenType file it wraps (each table zlib-inflated).
 * The SVG rasteriser reads only TrueType and OpenType, and the fonts Quire ships are WOFF.
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const source = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (source.getUint32(0) !== WOFF_SIGNATURE) throw new Error("not a WOFF 1.0 font");
  const flavor = source.getUint32(4);
  const tableCount = source.getUint16(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const offset = source.getUint32(entry + 4);
    const compressedLength = source.getUint32(entry + 8);
    const length = source.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    return {
      tag: source.getUint32(entry),
      checksum: source.getUint32(entry + 16),
      data: compressedLength < length ? inflateSync(stored) : Buffer.from(stored),
    };
  });
  let size = SFNT_HEADER_BYTES + tableCount * SFNT_ENTRY_BYTES;
  const offsets = tables.map((table) => {
    const offset = size;
    size += (table.data.length + 3) & ~3;
    return offset;
  });
  const sfnt = Buffer.alloc(size);
  // The search fields of the offset table, as the OpenType specification computes them.
  const power = 2 ** Math.floor(Math.log2(tableCount));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(tableCount, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(tableCount * 16 - power * 16, 10);
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offsets[index] as number, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offsets[index]);
  });
  return sfnt;
}
