import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
  time: number;
  date: number;
}

/** The stream was closed before the archive was finished (the client left). */
export class ZipReaderGone extends Error {
  constructor() {
    super('The zip stream closed before the archive was finished.');
  }
}

/** UTF-8 file names (general purpose flag bit 11). */
const UTF8 = 0x0800;
const DEFLATE = 8;
const VERSION = 20;

/** A date as MS-DOS time and date fields (2-second steps, from 1980), in UTC. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/**
 * The fields a local header and a central directory header share, in the same order, from `at` (the version
 * needed to extract) to the file name's length.
 */
function writeEntryFields(header: Buffer, at: number, e: Written): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(e.time, at + 6);
  header.writeUInt16LE(e.date, at + 8);
  header.writeUInt32LE(e.crc, at + 10);
  header.writeUInt32LE(e.compressedSize, at + 14);
  header.writeUInt32LE(e.size, at + 18);
  header.writeUInt16LE(e.name.length, at + 22);
}

/**
 * Writes a zip archive to a stream one file at a time: each file is deflated and written as it comes, with the
 * stream's backpressure respected, and only the central directory (a few dozen bytes a file) is kept until the end.
 * No ZIP64: up to 65,535 files and 4 GB, far above any account.
 */
export class ZipWriter {
  private readonly entries: Written[] = [];
  private offset = 0;

  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new ZipReaderGone();
    this.offset += chunk.length;
    if (this.out.write(chunk)) return;
    // Wait for the reader, or for the stream to close (a client that went away never drains it).
    const waiting = new AbortController();
    try {
      await Promise.race([
        once(this.out, 'drain', { signal: waiting.signal }),
        once(this.out, 'close', { signal: waiting.signal }),
      ]);
    } finally {
      waiting.abort();
    }
    if (this.out.destroyed) throw new ZipReaderGone();
  }

  async add(fileName: string, content: string, modified: Date): Promise<void> {
    if (this.entries.length >= 0xffff) throw new Error('A zip without ZIP64 holds at most 65,535 files.');
    const data = Buffer.from(content, 'utf8');
    const compressed = deflateRawSync(data);
    const name = Buffer.from(fileName, 'utf8');
    const entry: Written = {
      name,
      crc: crc32(data) >>> 0,
      size: data.length,
      compressedSize: compressed.length,
      offset: this.offset,
      ...dosDateTime(modified),
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(header, 4, entry);
    this.entries.push(entry);
    await this.write(Buffer.concat([header, name]));
    await this.write(compressed);
  }

  /** Writes the central directory and its end record; the stream is left for the caller to end. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4);
      writeEntryFields(header, 6, e);
      // Extra field, comment, disk number, internal and external attributes: all zero.
      header.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([header, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
