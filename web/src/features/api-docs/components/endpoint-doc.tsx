import { useState } from 'react';
import { EmptyState } from '#components/ui/empty-state.tsx';
import type { OpenApiDocument } from '../api/get-openapi.ts';
import {
  bodySchemaOf,
  credentialsOf,
  editableParameters,
  exampleCallOf,
  initialBody,
  initialValues,
} from '../utils/request.ts';
import { CodeExamples } from './code-examples.tsx';
import { EndpointCard } from './endpoint-card.tsx';
import { TryIt } from './try-it.tsx';

/**
 * One call of a documentation page, read from the live OpenAPI document: its reference, examples in
 * curl, Python and Node, and "try it". The examples follow what the reader types into "try it".
 */
export function EndpointDoc({
  doc,
  method,
  path,
  bodyExample,
}: {
  doc: OpenApiDocument;
  /** Lower-case, as OpenAPI writes it. */
  method: string;
  path: string;
  /** Values over the schema's example body where the schema cannot guess one (a country code). */
  bodyExample?: Record<string, unknown>;
}) {
  const operation = doc.paths[path]?.[method];
  const parameters = operation ? editableParameters(operation) : [];
  const bodySchema = operation && bodySchemaOf(operation);
  const [values, setValues] = useState(() => initialValues(parameters));
  const [bodyText, setBodyText] = useState(() => initialBody(bodySchema, bodyExample));
  if (!operation)
    return (
      <EmptyState
        title={`${method.toUpperCase()} ${path} is not in the API description of this server`}
        description="This server does not offer the call yet."
      />
    );
  return (
    <EndpointCard method={method} path={path} operation={operation} detailed>
      <CodeExamples
        call={exampleCallOf({ origin: window.location.origin, method, path, operation, values, bodyText })}
      />
      <TryIt
        method={method}
        path={path}
        parameters={parameters}
        credentials={credentialsOf(operation)}
        values={values}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        {...(bodySchema ? { body: bodyText, onBodyChange: setBodyText } : {})}
      />
    </EndpointCard>
  );
}
