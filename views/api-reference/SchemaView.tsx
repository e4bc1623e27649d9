/** @module A JSON Schema from the OpenAPI document, written out for a person: fields, types, limits. */

/** The parts of a JSON Schema this page reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
  default?: unknown;
}

/** Ids and counts run to JavaScript's largest safe integer; saying so adds nothing. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** "string", "integer or null", "one of: read, write", "list of …": a schema's kind in words. */
export function typeText(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "object";
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.map(typeText).join(" or ");
  if (schema.type === "array" && schema.items) return `list of ${typeText(schema.items)}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ["any"];
  return types.join(" or ");
}

/** The limits a value must keep, as short text ("1–80 characters", "≥ 1"). */
export function limitsText(schema: JsonSchema): string {
  const limits: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    limits.push(`${schema.minLength ?? 0}–${schema.maxLength ?? "∞"} characters`);
  }
  if (schema.minimum !== undefined && schema.minimum !== -NO_LIMIT) limits.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum !== NO_LIMIT) limits.push(`≤ ${schema.maximum}`);
  if (schema.maxItems !== undefined) limits.push(`at most ${schema.maxItems} entries`);
  if (schema.format) limits.push(schema.format);
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  return limits.join(", ");
}

const hasFields = (schema: JsonSchema) => Boolean(schema.properties || schema.items?.properties);

/** The part of a schema that has fields to list: itself, or the object among "object or null". */
const withFields = (schema: JsonSchema): JsonSchema =>
  hasFields(schema) ? schema : ((schema.anyOf ?? schema.oneOf)?.find(hasFields) ?? schema);

/** An object's fields, nested objects and lists of objects within, as nested lists; each of a choice of objects in turn. */
export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const choices = (schema.anyOf ?? schema.oneOf)?.filter(hasFields) ?? [];
  if (choices.length > 1) {
    return (
      <>
        <p>One of:</p>
        <ol>
          {choices.map((choice) => (
            <li key={Object.keys(choice.properties ?? choice.items?.properties ?? {}).join()}>
              <SchemaView schema={choice} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </>
    );
  }
  const fields = withFields(schema);
  const shape = fields.type === "array" && fields.items?.properties ? fields.items : fields;
  if (!shape.properties || depth > 3) {
    const limits = limitsText(schema);
    return (
      <p>
        <code>{typeText(schema)}</code>
        {limits ? ` (${limits})` : ""}
      </p>
    );
  }
  const required = new Set(shape.required ?? []);
  return (
    <>
      {shape !== fields ? <p>A list of:</p> : null}
      <ul>
        {Object.entries(shape.properties).map(([name, field]) => {
          const limits = limitsText(field);
          const nested = hasFields(withFields(field));
          return (
            <li key={name}>
              <code>{name}</code> <code>{typeText(field)}</code>
              {required.has(name) ? " required" : " optional"}
              {limits ? ` (${limits})` : ""}
              {field.description ? ` — ${field.description}` : ""}
              {nested ? <SchemaView schema={field} depth={depth + 1} /> : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
