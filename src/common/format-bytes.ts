const UNITS = ["KB", "MB", "GB", "TB"];

/**
 * A size for people, in every message and page of Quire outside the exporter: `512 bytes`,
 * `1.5 KB`, `12.0 MB`, one decimal, 1 KB = 1024 bytes.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
