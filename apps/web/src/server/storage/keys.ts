/**
 * The shape of the names files are stored under, shared by every storage implementation: keys are made by the server
 * only (`t<tenant>/<resource>/<record>/<name>-<16 hex>.<ext>`), so a key that does not match was never made here.
 */
const KEY_RE = /^t\d+\/[A-Za-z]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+-[a-f0-9]{16}\.[a-z0-9]{2,5}$/;
const FOLDER_RE = /^t\d+\/[A-Za-z]+\/[A-Za-z0-9]+\/$/;

export function isStorageKey(key: string): boolean {
  return KEY_RE.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error("Not a storage key");
}

export function assertStorageFolder(folder: string): void {
  if (!FOLDER_RE.test(folder)) throw new Error("Not a storage folder");
}
