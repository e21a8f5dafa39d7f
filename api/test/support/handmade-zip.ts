// Zip archives written byte by byte, for tests that need what no zip library writes: a part of 1 GiB
// built without ever holding it, or a part whose header lies about its size.
import zlib from 'node:zlib';

export interface ZipPart {
  readonly name: string;
  /** The bytes as stored (deflated unless `stored`). */
  readonly data: Buffer;
  readonly crc32: number;
  /** The inflated size written in the headers (a liar's may differ from the truth). */
  readonly size: number;
  readonly stored?: boolean;
}

/** A part deflated in one go, its headers truthful. */
export function deflatedPart(name: string, content: Buffer | string): ZipPart {
  const bytes = Buffer.from(content);
  return { name, data: zlib.deflateRawSync(bytes), crc32: zlib.crc32(bytes), size: bytes.length };
}

/**
 * `repeat` copies of `chunk` as one deflate stream, between a prefix and a suffix, built a block at a
 * time: each copy deflates to the same bytes after a full flush, so 1 GiB of spaces costs 1 MB here.
 */
export function repeatedPart(
  name: string,
  parts: { prefix: string; chunk: Buffer; repeat: number; suffix: string },
): ZipPart {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const prefix = Buffer.from(parts.prefix);
  const suffix = Buffer.from(parts.suffix);
  const block = zlib.deflateRawSync(parts.chunk, { level: 9, ...flush });
  const blocks = [zlib.deflateRawSync(prefix, flush)];
  let crc = zlib.crc32(prefix);
  for (let i = 0; i < parts.repeat; i++) {
    blocks.push(block);
    crc = zlib.crc32(parts.chunk, crc);
  }
  blocks.push(zlib.deflateRawSync(suffix));
  crc = zlib.crc32(suffix, crc);
  const size = prefix.length + parts.chunk.length * parts.repeat + suffix.length;
  return { name, data: Buffer.concat(blocks), crc32: crc, size: size > 0xffffffff ? 0xffffffff : size };
}

/** A zip of the given parts, central directory and all (no zip64: every size below 4 GiB). */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const method = part.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(part.crc32 >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    local.copy(central, 8, 6, 28); // flags, method, time, date, crc, sizes, name length
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
