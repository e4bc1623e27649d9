/**
 * @module
 * Delivery (docs/http-contract.md#caching-and-conditional-requests): built assets are compressed once, at build, at each coding's highest
 * level (brotli 11 takes seconds for the whole build, far too slow per request, and saves ~13% over
 * gzip 9 on the scripts). The copies sit beside their file as `name.br` and `name.gz`, and
 * src/http/static.ts sends the one the browser accepts.
 */
import { existsSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

export type PrecompressedEncoding = "br" | "gzip";

/** The suffix of each coding's copy beside the file it compresses. */
export const PRECOMPRESSED_SUFFIX: Record<PrecompressedEncoding, string> = { br: ".br", gzip: ".gz" };

/** Text the browser loads; the manifest is read by the server only. */
const COMPRESSIBLE_FILE = /\.(?:css|js|svg)$/;

const brotli = promisify(brotliCompress);

const compressors: Record<PrecompressedEncoding, (body: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: async (body) => Bun.gzipSync(body, { level: 9 }),
};

/**
 * Writes the compressed copies of the build's files in `staging` (the build's private folder) and
 * renames each into `target`, before the build renames the files themselves: whoever finds a file
 * there finds its copies too, never half of one. Names carry a content hash, so copies already in
 * `target` are of the same content and are kept rather than compressed again. A copy that would not
 * be smaller is not written; the server then sends the file itself.
 */
export async function precompressBuild(staging: string, target: string, names: readonly string[]): Promise<void> {
  const jobs = names
    .filter((name) => COMPRESSIBLE_FILE.test(name))
    .flatMap((name) => (Object.keys(compressors) as PrecompressedEncoding[]).map((encoding) => ({ name, encoding })));
  await Promise.all(
    jobs.map(async ({ name, encoding }) => {
      const copy = name + PRECOMPRESSED_SUFFIX[encoding];
      const existing = join(target, copy);
      if (existsSync(existing)) {
        try {
          // Fresh again, so the build's sweep of files older than an hour keeps it beside its file.
          const now = new Date();
          utimesSync(existing, now, now);
          return;
        } catch {
          // Another instance's sweep removed it just now: write it again below.
        }
      }
      const body = await Bun.file(join(staging, name)).bytes();
      const compressed = await compressors[encoding](body);
      if (compressed.byteLength >= body.byteLength) return;
      writeFileSync(join(staging, copy), compressed);
      renameSync(join(staging, copy), existing);
    }),
  );
}
