import type { OpenAPIV3_1 } from "openapi-types";
import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { type JsonSchema, limitsText, SchemaView, typeText } from "./api-reference/SchemaView";
import { Layout } from "./Layout";

type OpenApiDocument = OpenAPIV3_1.Document;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface Answer {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, Answer>;
  security?: Record<string, string[]>[];
}
interface Listed {
  method: string;
  path: string;
  operation: Operation;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Text in the document's Markdown with only `code` marked, as the descriptions here use it. */
function Prose({ text }: { text: string | undefined }) {
  if (!text) return null;
  // Odd parts were between backticks; each is keyed by where it starts in the text.
  let at = 0;
  const parts = text.split("`").map((part, index) => {
    const start = at;
    at += part.length + 1;
    return { part, start, code: index % 2 === 1 };
  });
  return <>{parts.map(({ part, start, code }) => (code ? <code key={start}>{part}</code> : part))}</>;
}

/** Every operation under its first tag, in the document's tag order. */
function byTag(document: OpenApiDocument): Map<string, Listed[]> {
  const groups = new Map<string, Listed[]>((document.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return groups;
}

/** Who may call, in words, from the operation's security requirements. */
function whoText(security: Record<string, string[]>[] | undefined): string {
  const ways = (security ?? []).map((requirement) => Object.keys(requirement)[0] ?? "anyone");
  if (ways.length === 0 || (ways.length === 1 && ways[0] === "anyone")) return "Anyone";
  const names: Record<string, string> = { session: "a session cookie", bearer: "an API token", anyone: "a list's link (?shareId=)" };
  return `Signed in with ${ways.map((way) => names[way] ?? way).join(", or ")}`;
}

const lastPart = (ref: string) => ref.split("/").pop() ?? "";

/** An answer with its shared parts filled in: the error answer and its schema are written once, under components. */
function answerText(answer: Answer, document: OpenApiDocument): Answer {
  const shared = answer.$ref ? ((document.components?.responses?.[lastPart(answer.$ref)] as Answer | undefined) ?? answer) : answer;
  const content = Object.entries(shared.content ?? {}).map(([mediaType, media]) => {
    const ref = media.schema?.$ref;
    const schema = ref ? ((document.components?.schemas?.[lastPart(ref)] as JsonSchema | undefined) ?? media.schema) : media.schema;
    return [mediaType, { ...media, schema }] as const;
  });
  return { ...shared, content: Object.fromEntries(content) };
}

function OperationView({ listed, document }: { listed: Listed; document: OpenApiDocument }) {
  const { method, path, operation } = listed;
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  return (
    <section className="card stack" id={operation.operationId} aria-label={`${method} ${path}`}>
      <h3>
        <code>{method}</code> <code>{path}</code>
      </h3>
      <p>{operation.summary}</p>
      {operation.description ? (
        <p className="muted">
          <Prose text={operation.description} />
        </p>
      ) : null}
      <p className="muted">{whoText(operation.security)}</p>
      {operation.parameters?.length ? (
        <>
          <h4>Parameters</h4>
          <ul>
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in} ${parameter.name}`}>
                <code>{parameter.name}</code> in {parameter.in} <code>{parameter.schema ? typeText(parameter.schema) : "string"}</code>
                {parameter.required ? " required" : " optional"}
                {parameter.schema && limitsText(parameter.schema) ? ` (${limitsText(parameter.schema)})` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {body ? (
        <>
          <h4>Body</h4>
          <SchemaView schema={body} />
        </>
      ) : null}
      <h4>Answers</h4>
      <dl>
        {Object.entries(operation.responses ?? {}).map(([status, raw]) => {
          const answer = answerText(raw, document);
          // The shared error shape's fields are shown once, at the top of the page.
          const sharedShape = Boolean(raw.$ref) || Object.values(raw.content ?? {}).some((media) => media.schema?.$ref);
          const mediaTypes = Object.keys(answer.content ?? {});
          const json = sharedShape ? undefined : answer.content?.["application/json"]?.schema;
          return (
            <div key={status}>
              <dt>
                <code>{status}</code> <Prose text={answer.description} />
              </dt>
              <dd>
                {mediaTypes.length && !json && !sharedShape ? <p>{mediaTypes.join(", ")}</p> : null}
                {json ? <SchemaView schema={json} /> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** GET /api/docs: the OpenAPI document as a page, grouped by tag (docs/decisions/062-openapi.md). */
export function ApiDocsPage({ assets, theme, document }: { assets: Assets; theme: ThemeId; document: OpenApiDocument }) {
  const groups = [...byTag(document)].filter(([, operations]) => operations.length > 0);
  const errorSchema = document.components?.schemas?.Error as JsonSchema | undefined;
  return (
    <Layout title="Listwell API" theme={theme} assets={assets}>
      <main id="main" tabIndex={-1} className="page stack">
        <h1>{document.info.title}</h1>
        <p>
          <Prose text={document.info.description} />
        </p>
        <p>
          The same as a machine reads it: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
        </p>
        <p>Every refusal (a 4xx answer) has the same shape:</p>
        {errorSchema ? <SchemaView schema={errorSchema} /> : null}
        <nav aria-label="Groups">
          <ul>
            {groups.map(([tag]) => (
              <li key={tag}>
                <a href={`#tag-${tag.replaceAll(" ", "-")}`}>{tag}</a>
              </li>
            ))}
          </ul>
        </nav>
        {groups.map(([tag, operations]) => (
          <section key={tag} className="stack" aria-labelledby={`tag-${tag.replaceAll(" ", "-")}`}>
            <h2 id={`tag-${tag.replaceAll(" ", "-")}`}>{tag}</h2>
            <p className="muted">{document.tags?.find((entry) => entry.name === tag)?.description}</p>
            {operations.map((listed) => (
              <OperationView key={`${listed.method} ${listed.path}`} listed={listed} document={document} />
            ))}
          </section>
        ))}
      </main>
    </Layout>
  );
}
