import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE_NAME = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name as string;

/** The first TypeScript block of a README section. */
function exampleFromReadme(heading: string): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith(heading));
  const code = section && /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error(`README has no TypeScript block under "## ${heading}"`);
  return code;
}

/** Type-checks one in-memory file with the project's compiler options, the package name mapped to src/index.ts. */
function typeCheck(code: string): string[] {
  const file = path.join(ROOT, 'test/embedding/__readme_example__.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, incremental: false, baseUrl: ROOT, paths: { [PACKAGE_NAME]: ['src/index.ts'] } };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === file ? ts.createSourceFile(name, code, version) : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists;
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('README, "Embedding in your Nest application"', () => {
  const code = exampleFromReadme('Embedding in your Nest application');

  it(`imports the modules from the package name (${PACKAGE_NAME})`, () => {
    expect(code).toContain(`from '${PACKAGE_NAME}'`);
    expect(code).toMatch(/WorkOrderModule\.forRootAsync/);
    expect(code).toMatch(/AssetIntelligenceModule\.forRootAsync/);
    expect(code).toMatch(/ClientAccessModule\.forRoot/);
    expect(code).toMatch(/RouterModule\.register/);
  });

  it('compiles against the public entry point', () => {
    expect(typeCheck(code)).toEqual([]);
  });

  it('would fail to compile if the example drifted from the API', () => {
    const drifted = code.replace('ocr: { workers: 2 }', "ocr: { workers: 'two' }");
    expect(drifted).not.toBe(code);
    expect(typeCheck(drifted).join('\n')).toMatch(/Type 'string' is not assignable to type 'number'/);
  });
});
