/**
 * Names that reach an object's prototype when used as a property key (`obj["__proto__"] = …` sets the
 * prototype; `obj.constructor.prototype` is Object.prototype). Any code that builds an object from keys
 * chosen outside (form fields, query strings, signed payloads) refuses them: one such key once polluted
 * Object.prototype for a whole isolate (issue 10, finding 1).
 */
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);

export function isUnsafeKey(key: string | number): boolean {
  return typeof key === "string" && UNSAFE.has(key);
}
