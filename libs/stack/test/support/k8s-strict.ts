import path from 'node:path';
import ts from 'typescript';
import { fromRoot } from '../../src/paths.js';

/** A rendered Kubernetes object, as far as this check reads it. */
export interface ManifestObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [field: string]: unknown;
}

/** The module of kubernetes-models (or @kubernetes-models/keda, /gateway-api) that types an object of this apiVersion and kind. */
export function modelModule(o: Pick<ManifestObject, 'apiVersion' | 'kind'>): string {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  if (group === 'keda.sh') return `@kubernetes-models/keda/keda.sh/${version}/${o.kind}`;
  if (group === 'gateway.networking.k8s.io')
    return `@kubernetes-models/gateway-api/gateway.networking.k8s.io/${version}/${o.kind}`;
  return `kubernetes-models/${group ? `${group}/` : ''}${version}/${o.kind}`;
}

/**
 * Unknown fields, which the models' JSON-schema validators let through (the Kubernetes OpenAPI schemas do not forbid
 * additional properties; the API server drops such a field, or refuses it only with `--validate=strict`): each object
 * is written as a TypeScript object literal typed by its model's interface (kubernetes-models ships one per kind), and
 * TypeScript's excess-property check names every field no schema has, at any depth ("'perodSeconds' does not exist in
 * type 'IIoK8sApiCoreV1Probe'"). Offline, no cluster. Answers one line per problem, `<Kind>/<name>: <message>`.
 */
export function unknownFields(objects: ManifestObject[]): string[] {
  // A file that does not exist, beside the tests, so that the models resolve from the repository's node_modules.
  const file = fromRoot('libs', 'stack', 'test', 'support', '__manifests__.ts');
  const lines: string[] = [];
  /** The object that each line of the generated source belongs to. */
  const ownerOfLine: string[] = [];
  objects.forEach((o, i) => {
    const label = `${o.kind}/${o.metadata.name}`;
    const text = `import type { I${o.kind} as T${i} } from '${modelModule(o)}';\nexport const o${i}: T${i} = ${JSON.stringify(o, null, 1)};`;
    for (const line of text.split('\n')) {
      lines.push(line);
      ownerOfLine.push(label);
    }
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === file
      ? ts.createSourceFile(name, source, language)
      : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const sourceFile = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map(
    (d) => {
      const line = d.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(d.start).line;
      const message = ts.flattenDiagnosticMessageText(d.messageText, ' ').replace(/'"([^"]+)"'/g, "'$1'");
      return `${ownerOfLine[line] ?? '?'}: ${message}`;
    },
  );
}
