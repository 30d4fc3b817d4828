/**
 * A class-transformer `@Transform` for whole-number fields: a JSON number stays as it is, a query parameter of digits
 * becomes its number, and anything else (an object, an array from a repeated parameter, other text) is left for the
 * validators to refuse with the field's message. Unlike `@Type(() => Number)` it never converts an object, which
 * throws for one whose toString is not a function ({"toString": false}).
 */
export const toWholeNumber = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value);
