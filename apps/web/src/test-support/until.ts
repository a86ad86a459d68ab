/** Reads `read` every quarter of a second until `done` holds for what it answers; fails saying what it last read. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, seconds = 90): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
