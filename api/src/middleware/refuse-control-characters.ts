// PostgreSQL cannot store U+0000 in text or jsonb (SQLSTATE 22021 / 22P05), and no field of ours
// means a C0 control character: refuse them at the boundary, in the path, the query and the JSON
// body (keys included), with the field's label. Tab and line breaks stay allowed in values: text
// areas (comments, remarks) hold them, and single-line fields are bounded by their own schemas.
//
// The same walk refuses bodies nested deeper than MAX_JSON_DEPTH (issue 32): no contract of ours
// nests beyond a handful of levels, and the schemas, the audit's JSON and the log all recurse over
// what they are given. The walk itself is iterative (a stack of frames, each pointing at its
// parent), so 8,000 levels of `[` neither overflow the stack here nor cost more than one visit each.
import type { RequestHandler } from 'express';
import { fieldLabel } from '@portal/shared/contracts/field-labels';
import { API_MSG, FIELD_MSG } from '@portal/shared/messages';
import { ParseError, ValidationError } from '../errors.ts';

/** How deep a request body may nest: `{"a":[1]}` is 2 levels (the object, then the array). */
export const MAX_JSON_DEPTH = 64;

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_IN_VALUE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f]/;

type Path = (string | number)[];

interface Frame {
  readonly value: unknown;
  readonly key: string | number | null;
  readonly parent: Frame | null;
  /** Containers above this value: the body itself is at 0. */
  readonly depth: number;
}

function pathOf(frame: Frame | null): Path {
  const path: Path = [];
  for (let f = frame; f && f.key !== null; f = f.parent) path.push(f.key);
  return path.reverse();
}

type Found = { kind: 'control'; path: Path } | { kind: 'deep' };

/** The first string or key holding a control character, or a nesting beyond MAX_JSON_DEPTH. */
function inspect(root: unknown): Found | null {
  const stack: Frame[] = [{ value: root, key: null, parent: null, depth: 0 }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { value, depth } = frame;
    if (typeof value === 'string') {
      if (CONTROL_IN_VALUE.test(value)) return { kind: 'control', path: pathOf(frame) };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'deep' };
    // Pushed last to first, so the first field is inspected first and named in the refusal.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: i, parent: frame, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(value);
    for (const [key] of entries)
      if (CONTROL_ANYWHERE.test(key)) return { kind: 'control', path: pathOf(frame) };
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, key, parent: frame, depth: depth + 1 });
    }
  }
  return null;
}

function refuse(found: Found): ValidationError | ParseError {
  if (found.kind === 'deep') return new ParseError(API_MSG.jsonTooDeep(MAX_JSON_DEPTH));
  const { path } = found;
  const key = path.length > 0 ? path.join('.') : 'non_field_errors';
  return ValidationError.field(key, FIELD_MSG.controlCharacter(fieldLabel(path)));
}

export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  // Node's parser refuses raw control characters in a request line: without a % escape the path
  // and the query are clean, and a read has no body. The usual read costs one scan of its URL.
  if (!req.url.includes('%') && req.body === undefined) {
    next();
    return;
  }
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(req.path);
  } catch {
    next(new ParseError(API_MSG.malformedUrl));
    return;
  }
  if (CONTROL_ANYWHERE.test(decodedPath)) {
    next(new ParseError(API_MSG.malformedUrl));
    return;
  }
  const found = inspect(req.query) ?? inspect(req.body);
  next(found ? refuse(found) : undefined);
};
