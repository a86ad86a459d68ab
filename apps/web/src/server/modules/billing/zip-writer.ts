import { crc32 } from "node:zlib";

/**
 * A zip written as it goes (PKWARE APPNOTE 6.3): each file is put whole (its bytes, CRC and size known before its
 * header), stored as it is (a PDF's streams are deflated already), and only the central directory (about 70 bytes a
 * file) is kept until the end. So a month of 20,000 receipts streams with one PDF in memory at a time. Past 65,535
 * files or 4 GiB the ZIP64 records are written, which every current unzipper reads.
 */
export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;

  constructor(private readonly modified = new Date()) {}

  /** DOS time and date of the entries (local fields, 2-second precision). */
  private stamp(): { time: number; date: number } {
    const d = this.modified;
    return {
      time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
      date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    };
  }

  /** The bytes that put `data` in the zip under `name` (UTF-8, flag 11 set). */
  file(name: string, data: Buffer): Buffer {
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const { time, date } = this.stamp();
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);

    // A header past 4 GiB keeps its offset in a ZIP64 extra field of its central entry.
    const far = this.offset >= 0xffffffff;
    const extra = far ? Buffer.alloc(12) : Buffer.alloc(0);
    if (far) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(this.offset), 4);
    }
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE((3 << 8) | 45, 4);
    entry.writeUInt16LE(far ? 45 : 20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(0, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt16LE(extra.length, 30);
    // comment length, disk, internal attributes: 0; external: a regular file, rw-r--r--.
    entry.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    entry.writeUInt32LE(far ? 0xffffffff : this.offset, 42);
    this.central.push(entry, nameBytes, extra);

    const bytes = Buffer.concat([local, nameBytes, data]);
    this.offset += bytes.length;
    this.count += 1;
    return bytes;
  }

  /** The central directory and the end records: the last bytes of the zip. */
  end(): Buffer {
    const directory = Buffer.concat(this.central);
    const start = this.offset;
    const tail: Buffer[] = [directory];
    const wide = this.count > 0xffff || start >= 0xffffffff || directory.length >= 0xffffffff;
    if (wide) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(45, 12);
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(this.count), 24);
      record.writeBigUInt64LE(BigInt(this.count), 32);
      record.writeBigUInt64LE(BigInt(directory.length), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(start + directory.length), 8);
      locator.writeUInt32LE(1, 16);
      tail.push(record, locator);
    }
    const last = Buffer.alloc(22);
    last.writeUInt32LE(0x06054b50, 0);
    last.writeUInt16LE(wide ? 0xffff : this.count, 8);
    last.writeUInt16LE(wide ? 0xffff : this.count, 10);
    last.writeUInt32LE(wide ? 0xffffffff : directory.length, 12);
    last.writeUInt32LE(wide ? 0xffffffff : start, 16);
    tail.push(last);
    return Buffer.concat(tail);
  }
}
