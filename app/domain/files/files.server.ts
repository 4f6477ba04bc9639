import { files, type FileKind } from "../../../db/schema/platform";
import { buildKey } from "../../../storage/keys";
import { matchesDeclaredName, sniffFileType, type FileExt } from "../../../storage/sniff";
import type { AppContext } from "~/server/context.server";
import { validationError } from "../errors";
import type { SQL } from "drizzle-orm";

export type PreparedUpload = { bytes: Uint8Array; name: string; ext: FileExt; mime: string; size: number; key: string };

/**
 * Checks uploads before anything is written: size first (from the File, without reading it), then the
 * type by its bytes, and the name's extension must agree with the content (a PDF renamed .docx is refused).
 */
export async function prepareUploads(
  field: string,
  list: File[],
  opts: { kind: FileKind; allowed: readonly FileExt[]; maxBytes: number; maxCount: number; sizeMessage?: string; ownerUserId?: number | null },
): Promise<PreparedUpload[]> {
  if (list.length > opts.maxCount) throw validationError({ [field]: ["validation.files_count"] });
  const prepared: PreparedUpload[] = [];
  for (const file of list) {
    if (file.size === 0) throw validationError({ [field]: ["validation.file_type"] });
    if (file.size > opts.maxBytes) throw validationError({ [field]: [opts.sizeMessage ?? "validation.file_size"] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffFileType(bytes);
    if (!sniffed || !opts.allowed.includes(sniffed.ext) || !matchesDeclaredName(sniffed, file.name)) {
      throw validationError({ [field]: ["validation.file_type"] });
    }
    const name = sanitizeName(file.name) || `file.${sniffed.ext}`;
    prepared.push({ bytes, name, ext: sniffed.ext, mime: sniffed.mime, size: bytes.byteLength, key: buildKey(opts.kind, opts.ownerUserId ?? null, sniffed.ext) });
  }
  return prepared;
}

function sanitizeName(name: string) {
  // Keep what a person recognises; drop paths and control characters.
  return name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
}

/** Puts the objects; if one put fails, the ones already stored are removed. */
export async function putUploads(ctx: AppContext, prepared: PreparedUpload[]) {
  const done: string[] = [];
  try {
    for (const p of prepared) {
      await ctx.storage.put(p.key, p.bytes, p.mime);
      done.push(p.key);
    }
  } catch (e) {
    await ctx.storage.deleteMany(done).catch(() => {});
    throw e;
  }
}

/** Rows for the files table, to be written in the same batch as their owner. */
export function fileRowInserts(ctx: AppContext, prepared: PreparedUpload[], kind: FileKind, ownerUserId: number | SQL) {
  return prepared.map((p) =>
    ctx.db.insert(files).values({ ownerUserId: ownerUserId as number, kind, key: p.key, name: p.name, mime: p.mime, size: p.size }),
  );
}

/** Runs the D1 batch; when it fails, the objects written for it are deleted so nothing is orphaned. */
export async function commitWithUploads<T>(ctx: AppContext, prepared: PreparedUpload[], run: () => Promise<T>): Promise<T> {
  if (prepared.length) await putUploads(ctx, prepared);
  try {
    return await run();
  } catch (e) {
    if (prepared.length) await ctx.storage.deleteMany(prepared.map((p) => p.key)).catch(() => {});
    throw e;
  }
}
