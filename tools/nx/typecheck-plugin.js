// Nx plugin: every project with a tsconfig.json beside its project.json gets a `typecheck`
// target (`tsc --noEmit` on that project's sources and tests, with the libs it imports).
// Builds compile without type checking (webpack, swc in Jest), so this is where types fail.
const { existsSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { createNodesFromFiles } = require('@nx/devkit');

/** @type {import('@nx/devkit').CreateNodesV2} */
exports.createNodesV2 = [
  '**/tsconfig.json',
  (configFiles, _options, context) =>
    createNodesFromFiles(
      (configFile) => {
        const projectRoot = dirname(configFile);
        if (!existsSync(join(context.workspaceRoot, projectRoot, 'project.json'))) return {};
        return {
          projects: {
            [projectRoot]: {
              targets: {
                typecheck: {
                  command: 'tsc --noEmit -p tsconfig.json',
                  options: { cwd: projectRoot },
                  cache: true,
                  inputs: ['default', '^default', { externalDependencies: ['typescript'] }],
                  outputs: [],
                },
              },
            },
          },
        };
      },
      configFiles,
      _options,
      context,
    ),
];
