import type { FastifyRequest } from 'fastify';
import { unzipSync } from 'fflate';
import type { UploadedFile } from '../core/fieldFiles/compareFieldFileBatch.js';
import { MAX_FIELD_FILE_BYTES } from '../core/fieldFiles/readFieldFile.js';
import { MAX_BATCH_BYTES, MAX_BATCH_FILES } from '../shared/api/compareFiles.js';

/**
 * Spectrometer files as they arrive: a multipart/form-data part (field `file`; any file part for a
 * batch), or the raw body with its name in `?filename=` or a Content-Disposition header; zip archives
 * are opened with fflate (MIT) and each entry counts as a file.
 */

const httpError = (statusCode: number, code: string, message: string) => Object.assign(new Error(message), { statusCode, code });

export const isMultipart = (req: FastifyRequest) => /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
/** Raw-body types this service takes a file in (the JSON body keeps application/json). */
export const RAW_FILE_TYPES = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'];
export const isRawFile = (req: FastifyRequest) => RAW_FILE_TYPES.some((t) => String(req.headers['content-type'] ?? '').toLowerCase().startsWith(t));

/** The file name of a Content-Disposition header (filename*=UTF-8''… preferred, then filename="…"), or undefined. */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  return plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1') : undefined;
}

/** The last path segment: a browser may send a folder's relative path ("campaign/day1/x.sig"). */
const baseName = (name: string) => name.split(/[\\/]/).filter((p) => p !== '').join('/') || name;

const isZip = (name: string, bytes: Uint8Array) => /\.zip$/i.test(name) || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04);

/** A zip's files (folders, macOS resource forks and hidden files left out), refusing one that would expand past the batch limit. */
function unzip(name: string, bytes: Uint8Array, budgetBytes: number): UploadedFile[] {
  let expanded = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith('/') || /(^|\/)(__MACOSX\/|\.)/.test(f.name)) return false;
        expanded += f.originalSize;
        if (expanded > budgetBytes) throw httpError(413, 'payload_too_large', `${name} expands to more than ${MAX_BATCH_BYTES / 1024 / 1024} MB; send fewer files at once`);
        return true;
      },
    });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw httpError(400, 'bad_request', `${name} is not a zip archive this service can open (${(err as Error).message}); send the files themselves or a plain zip (deflate)`);
  }
  return Object.entries(entries).map(([entryName, data]) => ({ name: `${name}/${entryName}`, bytes: data }));
}

/** Every file of a batch request, zips opened, refused past 500 files or 50 MB. */
export async function readBatchUploads(req: FastifyRequest): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  let total = 0;
  const add = (name: string, bytes: Uint8Array) => {
    total += bytes.length;
    if (total > MAX_BATCH_BYTES) throw httpError(413, 'payload_too_large', `The files add up to more than ${MAX_BATCH_BYTES / 1024 / 1024} MB; send fewer at once`);
    for (const f of isZip(name, bytes) ? unzip(name, bytes, MAX_BATCH_BYTES - total + bytes.length) : [{ name: baseName(name), bytes }]) {
      files.push(f);
      if (files.length > MAX_BATCH_FILES) throw httpError(413, 'too_many_files', `More than ${MAX_BATCH_FILES} files in one request; send them in several`);
    }
  };
  if (isMultipart(req)) {
    try {
      for await (const part of req.parts({ limits: { files: MAX_BATCH_FILES + 1, fileSize: MAX_BATCH_BYTES, fieldSize: 1024, fields: 20 } })) {
        if (part.type === 'file') add(part.filename || part.fieldname, await part.toBuffer());
      }
    } catch (err) {
      throw multipartWords(err);
    }
  } else if (isRawFile(req) && Buffer.isBuffer(req.body)) {
    const name = (req.query as { filename?: string }).filename ?? dispositionFileName(req.headers['content-disposition']);
    if (!name) throw httpError(400, 'bad_request', 'A raw body needs its file name: ?filename=campaign.zip or Content-Disposition: attachment; filename="campaign.zip"');
    add(name, req.body);
  } else {
    throw httpError(415, 'unsupported_media_type', 'Send the files as multipart/form-data (any file fields), or one zip as the raw body (Content-Type: application/zip, ?filename=…)');
  }
  if (files.length === 0) throw httpError(400, 'bad_request', 'No file in the request: add .sig or .sed files (or a zip of them) as multipart file fields');
  return files;
}

/** One file for POST /api/compare, with the request's own values (multipart fields, or the query with a raw body). */
export async function readSingleUpload(req: FastifyRequest): Promise<{ file: UploadedFile; fields: Record<string, string | undefined> }> {
  if (isMultipart(req)) {
    const fields: Record<string, string | undefined> = {};
    let file: UploadedFile | undefined;
    try {
      for await (const part of req.parts({ limits: { files: 1, fileSize: MAX_FIELD_FILE_BYTES, fieldSize: 1024, fields: 10 } })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') file = { name: baseName(part.filename || 'file'), bytes };
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (err) {
      throw multipartWords(err);
    }
    if (!file) throw httpError(400, 'bad_request', 'The multipart request has no file field named "file": send the .sig or .sed file as file');
    return { file, fields };
  }
  const query = req.query as Record<string, string | undefined>;
  const name = query.filename ?? dispositionFileName(req.headers['content-disposition']);
  if (!name) throw httpError(400, 'bad_request', 'A raw body needs its file name: ?filename=x.sig or Content-Disposition: attachment; filename="x.sig"');
  // The raw-body parser (compareRoutes.ts) hands the bytes over as a Buffer.
  return { file: { name: baseName(name), bytes: req.body as Buffer }, fields: query };
}

/** @fastify/multipart's limit errors, in words. */
function multipartWords(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, 'payload_too_large', `A file is larger than a spectrometer file can be (${MAX_FIELD_FILE_BYTES / 1024 / 1024} MB for one, ${MAX_BATCH_BYTES / 1024 / 1024} MB for a batch)`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return httpError(413, 'too_many_files', 'Too many files in one request: one for POST /api/compare, at most 500 for /api/compare/batch');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FIELDS_LIMIT') return httpError(400, 'bad_request', 'The multipart body could not be read: send files as file fields and at most a few short text fields');
  return err;
}
