// A multipart/form-data body with exactly one file, for routes declared with `upload` (route.ts). Read with
// busboy as a stream and bounded while it arrives: a declared Content-Length over the bound is refused before a
// byte is read, and a file that grows past `maxBytes` is refused (413) the moment it does, never buffered whole.
// Every refusal is an HttpError in the one error shape, naming the field; nothing reaches the handler unless the
// whole form was read and its fields passed their schema.
import busboy from "busboy";
import type { Request } from "express";
import type { z } from "zod";
import { HttpError, badRequest, fieldError, fromZodError } from "./errors";

export interface UploadSpec<F extends z.ZodType = z.ZodType> {
  /** The text fields, as an object schema (strict: an unknown field is a 400 naming it). */
  fields: F;
  /** The form field that carries the file. */
  fileField: string;
  /** The largest file accepted, in bytes; one byte more is a 413. */
  maxBytes: number;
}

export interface UploadedFile {
  /** The name the client gave (not trusted for anything but display; see the feature). */
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

export interface UploadedForm<F> {
  fields: F;
  file: UploadedFile;
}

/** Room for the form's boundaries, headers and text fields on top of the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_FIELDS = 16;
const MAX_FIELD_BYTES = 4 * 1024;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
const tooLarge = (maxBytes: number, field: string) =>
  new HttpError("BODY_TOO_LARGE", `The file is larger than ${mib(maxBytes)}`, {
    issues: [{ path: field, message: `at most ${maxBytes} bytes (${mib(maxBytes)})` }],
  });

/** A request that is not a multipart form: 415, before anything else about it is looked at. */
export function refuseNonMultipart(req: Request): void {
  if (!req.is("multipart/form-data")) {
    throw new HttpError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be multipart/form-data", {
      issues: [{ path: "", message: `got ${req.headers["content-type"] ?? "no Content-Type"}` }],
    });
  }
}

export function readUpload<F extends z.ZodType>(req: Request, spec: UploadSpec<F>): Promise<UploadedForm<z.output<F>>> {
  try {
    refuseNonMultipart(req);
  } catch (err) {
    return Promise.reject(err);
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > spec.maxBytes + FORM_OVERHEAD_BYTES)
    return Promise.reject(tooLarge(spec.maxBytes, spec.fileField));
  if (req.headers["content-encoding"] && req.headers["content-encoding"] !== "identity") {
    return Promise.reject(
      new HttpError("UNSUPPORTED_ENCODING", "Unsupported Content-Encoding", {
        issues: [{ path: "", message: "send the form uncompressed (Content-Encoding: identity)" }],
      }),
    );
  }

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // one byte over the bound, so a file of exactly maxBytes is not cut (busboy stops at its limit)
        limits: {
          files: 1,
          fileSize: spec.maxBytes + 1,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + 1,
        },
      });
    } catch (err) {
      reject(
        badRequest([
          { path: "", message: `not a readable multipart form: ${err instanceof Error ? err.message : String(err)}` },
        ]),
      );
      return;
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let settled = false;
    // The first refusal wins; the rest of the body is read and dropped so the client sees the answer.
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(fieldError(name, `at most ${MAX_FIELD_BYTES} bytes`));
      if (name in fields) return fail(fieldError(name, "is given twice"));
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== spec.fileField) {
        stream.resume();
        return fail(fieldError(name, `is not an accepted field (the file goes in "${spec.fileField}")`));
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
      stream.on("limit", () => fail(tooLarge(spec.maxBytes, spec.fileField)));
      // the form ending inside the file ("Unexpected end of form") is reported on the file's stream
      stream.on("error", (err: unknown) =>
        fail(
          badRequest([
            {
              path: spec.fileField,
              message: `the file's part is incomplete: ${err instanceof Error ? err.message : String(err)}`,
            },
          ]),
        ),
      );
      stream.on("close", () => {
        if (settled || stream.truncated) return;
        const bytes = Buffer.concat(chunks);
        if (bytes.length > spec.maxBytes) return fail(tooLarge(spec.maxBytes, spec.fileField));
        file = { filename: info.filename ?? "", mimeType: info.mimeType, bytes };
      });
    });
    parser.on("filesLimit", () => fail(fieldError(spec.fileField, "one file per upload")));
    parser.on("fieldsLimit", () => fail(badRequest([{ path: "", message: `at most ${MAX_FIELDS} fields` }])));
    parser.on("partsLimit", () => fail(badRequest([{ path: "", message: `at most ${MAX_FIELDS + 1} parts` }])));
    parser.on("error", (err: unknown) =>
      fail(
        badRequest([
          { path: "", message: `not a readable multipart form: ${err instanceof Error ? err.message : String(err)}` },
        ]),
      ),
    );
    req.on("aborted", () => fail(badRequest([{ path: "", message: "the upload ended before the form did" }])));
    parser.on("close", () => {
      if (settled) return;
      if (!file) return fail(fieldError(spec.fileField, "a file is required"));
      const parsed = spec.fields.safeParse(fields);
      if (!parsed.success) return fail(fromZodError(parsed.error));
      settled = true;
      resolve({ fields: parsed.data, file });
    });
    req.pipe(parser);
  });
}
