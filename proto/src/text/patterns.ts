/** A uuid as every id of Vellum is written (any version; either case: a path is matched as typed). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be an id at all: anything else names nothing, and is never sent to a store. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export const HEX_COLOUR_PATTERN = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
