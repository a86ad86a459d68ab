const LOCAL_HEADER = 0x04034b50;
const HEADER_SIZE = 30;

/**
 * Counts the files of a zip as its bytes arrive, by walking its local headers (each gives its name's, extra field's
 * and data's sizes, so the next header's offset is known). The receipts zip is written with every size in its local
 * header (archiver, stored files: server/modules/billing/receipt-routes.ts), which makes this exact: the screen's "n of N" counts receipts
 * received, not guessed from bytes. Feed it each chunk in order; it answers the files seen so far.
 */
export function zipEntryCounter(): (chunk: Uint8Array) => number {
  let next = 0;
  let seen = 0;
  let header = new Uint8Array(0);
  let count = 0;
  let done = false;
  return (chunk) => {
    let i = 0;
    while (!done && i < chunk.length) {
      const at = seen + i;
      if (at < next) {
        i += Math.min(chunk.length - i, next - at);
        continue;
      }
      const take = chunk.subarray(i, i + HEADER_SIZE - header.length);
      const grown = new Uint8Array(header.length + take.length);
      grown.set(header);
      grown.set(take, header.length);
      header = grown;
      i += take.length;
      if (header.length < HEADER_SIZE) break;
      const view = new DataView(header.buffer, header.byteOffset, HEADER_SIZE);
      // The central directory (or anything else) ends the files.
      if (view.getUint32(0, true) !== LOCAL_HEADER) {
        done = true;
        break;
      }
      count += 1;
      next += HEADER_SIZE + view.getUint16(26, true) + view.getUint16(28, true) + view.getUint32(18, true);
      header = new Uint8Array(0);
    }
    seen += chunk.length;
    return count;
  };
}
