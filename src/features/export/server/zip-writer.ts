// A zip written as it is read (PKWARE APPNOTE 6.3: data descriptors, UTF-8 names, zip64 past 4 GB or 65,535 entries).
// Why not archiver: at its end it writes the central directory of every entry in one synchronous loop, past the
// response's backpressure; at 50,000 files the server's memory rose by 250 MB while that was sent (decision 165).
// Here each entry's central record is kept as a few packed bytes and the directory is yielded as the reader reads.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const MAX32 = 0xffffffff;
/** Central records packed together before they are kept (fewer, larger buffers). */
const PACK = 64 * 1024;

function dosTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: (Math.max(0, date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export interface ZipEntryOptions {
  /** Stored as is (already compressed: photos, videos) rather than deflated. */
  store?: boolean;
  date: Date;
}

export class ZipWriter {
  private offset = 0;
  private count = 0;
  private packed: Buffer[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** One entry's bytes: its header, its data (deflated or stored) and its descriptor. */
  async *entry(name: string, data: Buffer | AsyncIterable<Buffer>, { store = false, date }: ZipEntryOptions): AsyncGenerator<Buffer> {
    const nameBytes = Buffer.from(name, 'utf8');
    const { time, day } = dosTime(date);
    const method = store ? 0 : 8;
    const start = this.offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt16LE(nameBytes.length, 26);
    const head = Buffer.concat([local, nameBytes]);
    this.offset += head.length;
    yield head;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const pieces: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(data) ? [data] : data;
    if (store) {
      for await (const piece of pieces) {
        crc = crc32(piece, crc);
        size += piece.length;
        compressed += piece.length;
        this.offset += piece.length;
        yield piece;
      }
    } else {
      const input = Readable.from(
        (async function* () {
          for await (const piece of pieces) {
            crc = crc32(piece, crc);
            size += piece.length;
            yield piece;
          }
        })(),
        { objectMode: false },
      );
      const deflate = createDeflateRaw({ level: 6 });
      const piping = pipeline(input, deflate).catch((error: unknown) => deflate.destroy(error as Error));
      for await (const out of deflate as AsyncIterable<Buffer>) {
        compressed += out.length;
        this.offset += out.length;
        yield out;
      }
      await piping;
    }
    if (size > MAX32 || compressed > MAX32) throw new Error(`${name} is larger than 4 GB: not supported in the export`);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    this.offset += 16;
    yield descriptor;

    const far = start >= MAX32;
    const central = Buffer.alloc(46 + (far ? 12 : 0));
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(far ? 45 : 20, 4);
    central.writeUInt16LE(far ? 45 : 20, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt16LE(far ? 12 : 0, 30);
    central.writeUInt32LE(far ? MAX32 : start, 42);
    const parts = [central.subarray(0, 46), nameBytes];
    if (far) {
      const extra = central.subarray(46);
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(start), 4);
      parts.push(extra);
    }
    for (const part of parts) {
      this.pending.push(part);
      this.pendingBytes += part.length;
    }
    if (this.pendingBytes >= PACK) this.pack();
    this.count++;
  }

  private pack() {
    if (this.pendingBytes === 0) return;
    this.packed.push(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** The central directory, a packed piece at a time, and its end record (zip64's too when needed). */
  async *finish(): AsyncGenerator<Buffer> {
    this.pack();
    const directoryAt = this.offset;
    let directorySize = 0;
    for (const piece of this.packed) {
      directorySize += piece.length;
      yield piece;
    }
    this.packed = [];
    const zip64 = this.count >= 0xffff || directoryAt >= MAX32 || directorySize >= MAX32;
    const tail: Buffer[] = [];
    if (zip64) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(END64, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(45, 12);
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(this.count), 24);
      record.writeBigUInt64LE(BigInt(this.count), 32);
      record.writeBigUInt64LE(BigInt(directorySize), 40);
      record.writeBigUInt64LE(BigInt(directoryAt), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(LOCATOR64, 0);
      locator.writeBigUInt64LE(BigInt(directoryAt + directorySize), 8);
      locator.writeUInt32LE(1, 16);
      tail.push(record, locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 8);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 10);
    end.writeUInt32LE(Math.min(directorySize, MAX32), 12);
    end.writeUInt32LE(Math.min(directoryAt, MAX32), 16);
    tail.push(end);
    yield Buffer.concat(tail);
  }
}
