// schema.mjs -- a small JSON Schema (2020-12 subset, as OpenAPI 3.1 uses it) validator
// for checking the server's answers against schema/openapi.json without npm packages.
//
// Supported: $ref (local JSON pointers), type (one or an array, "integer" included),
// enum, const, properties, required, additionalProperties, minProperties,
// maxProperties, dependentRequired, items, minItems, maxItems, oneOf, anyOf, allOf, not, minimum,
// maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minLength, maxLength,
// pattern, and the formats date-time and date. Any other keyword that would constrain
// a value throws, so the document cannot silently ask for a check this file skips.

const ANNOTATIONS = new Set(['description', 'examples', 'example', 'default', 'title',
  'discriminator', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'externalDocs', 'xml']);

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The value a local JSON pointer ("#/components/schemas/Id") names in root. */
export function resolvePointer(root, ref) {
  if (!ref.startsWith('#')) throw new Error(`only local $ref are supported: ${ref}`);
  let node = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new Error(`$ref ${ref} does not resolve`);
    }
    node = node[key];
  }
  return node;
}

/** The JSON type name of a value ("integer" for whole numbers, also a "number"). */
function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v; // string, boolean, object
}

function typeMatches(want, v) {
  const t = typeOf(v);
  return want === t || (want === 'number' && t === 'integer');
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
}

/**
 * Validate value against schema; root holds the $ref targets (the whole document).
 * Returns a list of error strings, empty when the value is valid.
 */
export function validate(schema, value, root = schema, path = '$') {
  const errors = [];
  check(schema, value, root, path, errors, 0);
  return errors;
}

function check(schema, v, root, path, errors, depth) {
  if (depth > 200) throw new Error(`schema recursion too deep at ${path}`);
  if (schema === true) return;
  if (schema === false) {
    errors.push(`${path}: no value is allowed here`);
    return;
  }
  if (schema === null || typeof schema !== 'object') throw new Error(`bad schema at ${path}`);
  const err = (msg) => errors.push(`${path}: ${msg}`);
  for (const [kw, arg] of Object.entries(schema)) {
    switch (kw) {
      case '$ref':
        check(resolvePointer(root, arg), v, root, path, errors, depth + 1);
        break;
      case 'type': {
        const types = Array.isArray(arg) ? arg : [arg];
        if (!types.some((t) => typeMatches(t, v))) err(`is ${typeOf(v)}, not ${types.join(' or ')}`);
        break;
      }
      case 'enum':
        if (!arg.some((e) => deepEqual(e, v))) err(`${JSON.stringify(v)} is not one of ${JSON.stringify(arg)}`);
        break;
      case 'const':
        if (!deepEqual(arg, v)) err(`${JSON.stringify(v)} is not ${JSON.stringify(arg)}`);
        break;
      case 'properties':
        if (typeOf(v) === 'object') {
          for (const [k, sub] of Object.entries(arg)) {
            if (Object.hasOwn(v, k)) check(sub, v[k], root, `${path}.${k}`, errors, depth + 1);
          }
        }
        break;
      case 'required':
        if (typeOf(v) === 'object') {
          for (const k of arg) if (!Object.hasOwn(v, k)) err(`lacks required "${k}"`);
        }
        break;
      case 'additionalProperties':
        if (typeOf(v) === 'object') {
          const known = new Set(Object.keys(schema.properties || {}));
          for (const k of Object.keys(v)) {
            if (known.has(k)) continue;
            if (arg === false) err(`has unexpected property "${k}"`);
            else check(arg, v[k], root, `${path}.${k}`, errors, depth + 1);
          }
        }
        break;
      case 'propertyNames':
        if (typeOf(v) === 'object') {
          for (const k of Object.keys(v)) check(arg, k, root, `${path}[${JSON.stringify(k)}]`, errors, depth + 1);
        }
        break;
      case 'minProperties':
        if (typeOf(v) === 'object' && Object.keys(v).length < arg) err(`has fewer than ${arg} properties`);
        break;
      case 'maxProperties':
        if (typeOf(v) === 'object' && Object.keys(v).length > arg) err(`has more than ${arg} properties`);
        break;
      case 'dependentRequired':
        if (typeOf(v) === 'object') {
          for (const [k, needs] of Object.entries(arg)) {
            if (!(k in v)) continue;
            for (const n of needs) if (!(n in v)) err(`has "${k}" without "${n}"`);
          }
        }
        break;
      case 'items':
        if (Array.isArray(v)) v.forEach((item, i) => check(arg, item, root, `${path}[${i}]`, errors, depth + 1));
        break;
      case 'minItems':
        if (Array.isArray(v) && v.length < arg) err(`has ${v.length} items, fewer than ${arg}`);
        break;
      case 'maxItems':
        if (Array.isArray(v) && v.length > arg) err(`has ${v.length} items, more than ${arg}`);
        break;
      case 'allOf':
        for (const sub of arg) check(sub, v, root, path, errors, depth + 1);
        break;
      case 'anyOf': {
        const ok = arg.some((sub) => validate(sub, v, root, path).length === 0);
        if (!ok) err(`matches none of anyOf: ${explain(arg, v, root, path)}`);
        break;
      }
      case 'oneOf': {
        const n = arg.filter((sub) => validate(sub, v, root, path).length === 0).length;
        if (n !== 1) err(`matches ${n} of oneOf, not exactly one: ${n === 0 ? explain(arg, v, root, path) : ''}`);
        break;
      }
      case 'not':
        if (validate(arg, v, root, path).length === 0) err(`matches a schema it must not: ${JSON.stringify(arg)}`);
        break;
      case 'minimum':
        if (typeof v === 'number' && v < arg) err(`${v} < minimum ${arg}`);
        break;
      case 'maximum':
        if (typeof v === 'number' && v > arg) err(`${v} > maximum ${arg}`);
        break;
      case 'exclusiveMinimum':
        if (typeof v === 'number' && v <= arg) err(`${v} <= exclusiveMinimum ${arg}`);
        break;
      case 'exclusiveMaximum':
        if (typeof v === 'number' && v >= arg) err(`${v} >= exclusiveMaximum ${arg}`);
        break;
      case 'multipleOf':
        if (typeof v === 'number' && !Number.isInteger(v / arg)) err(`${v} is not a multiple of ${arg}`);
        break;
      case 'minLength':
        if (typeof v === 'string' && [...v].length < arg) err(`is shorter than ${arg} characters`);
        break;
      case 'maxLength':
        if (typeof v === 'string' && [...v].length > arg) err(`is longer than ${arg} characters`);
        break;
      case 'pattern':
        if (typeof v === 'string' && !new RegExp(arg, 'u').test(v)) err(`${JSON.stringify(v)} does not match ${arg}`);
        break;
      case 'format':
        if (typeof v === 'string' && arg === 'date-time' && (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v)))) err(`${JSON.stringify(v)} is not an RFC 3339 date-time`);
        if (typeof v === 'string' && arg === 'date' && (!DATE.test(v) || Number.isNaN(Date.parse(v)))) err(`${JSON.stringify(v)} is not a date`);
        break;
      default:
        if (!ANNOTATIONS.has(kw)) throw new Error(`schema keyword "${kw}" at ${path} is not supported by schema.mjs`);
    }
  }
}

/** Why the closest alternatives (those with the fewest errors) failed. */
function explain(alternatives, v, root, path) {
  const all = alternatives.map((sub, i) => ({ i, errors: validate(sub, v, root, path) }));
  const fewest = Math.min(...all.map((a) => a.errors.length));
  return all.filter((a) => a.errors.length === fewest)
    .map((a) => `[${a.i}] ${a.errors.slice(0, 3).join('; ')}`).join(' | ');
}

/** Every $ref found anywhere in node (to check that the whole document resolves). */
export function collectRefs(node, out = []) {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}
