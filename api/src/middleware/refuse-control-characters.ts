// PostgreSQL cannot store U+0000 in text or jsonb (SQLSTATE 22021 / 22P05), and no field of ours
// means a C0 control character: refuse them at the boundary, in the path, the query and the JSON
// body (keys included), with the field's label. Tab and line breaks stay allowed in values: text
// areas (comments, remarks) hold them, and single-line fields are bounded by their own schemas.
import type { RequestHandler } from 'express';
import { fieldLabel } from '@portal/shared/contracts/field-labels';
import { API_MSG, FIELD_MSG } from '@portal/shared/messages';
import { ParseError, ValidationError } from '../errors.ts';

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_IN_VALUE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f]/;

type Path = (string | number)[];

/** The path of the first string holding a control character, or null. */
function findControl(value: unknown, path: Path): Path | null {
  if (typeof value === 'string') return CONTROL_IN_VALUE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControl(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_ANYWHERE.test(key)) return path;
      const found = findControl(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function refuse(path: Path): ValidationError {
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
  const found = findControl(req.query, []) ?? findControl(req.body, []);
  next(found ? refuse(found) : undefined);
};
