import JSZip from "jszip";

/**
 * A zip's files by name, read with jszip (not the writer that made it), for tests and e2e specs: the root workspace
 * has no jszip of its own, so specs reach it through this file.
 */
export async function readZip(bytes: Uint8Array | Buffer): Promise<Map<string, Uint8Array>> {
  const zip = await JSZip.loadAsync(bytes);
  const files = new Map<string, Uint8Array>();
  for (const [name, file] of Object.entries(zip.files)) if (!file.dir) files.set(name, await file.async("uint8array"));
  return files;
}
