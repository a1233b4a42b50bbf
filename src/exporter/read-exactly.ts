import { readSync } from "node:fs";

/**
 * Reads `length` bytes of an open file from `position` into `target` at `offset`, however many
 * reads that takes; a file that ends first is an error naming `what` (the file, or what it holds).
 */
export function readExactly(
  descriptor: number,
  target: Uint8Array,
  offset: number,
  length: number,
  position: number,
  what: string,
): void {
  for (let done = 0; done < length; ) {
    const read = readSync(descriptor, target, offset + done, length - done, position + done);
    if (read === 0) throw new Error(`${what} ends ${length - done} bytes early`);
    done += read;
  }
}
