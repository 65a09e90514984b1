// The webpack configuration of every service: one bundle per entry point (main.js for the server,
// migrate.js for its migrations, cli.js for operator commands where the app has them), holding the
// app's code and the code of the libs it uses, with every npm package left external. Nx writes a
// package.json beside it listing only the packages this app imports. It sits beside jest.preset.js,
// outside every Nx project, so that sharing it does not make the apps depend on the tools project.
const { existsSync } = require('node:fs');
const { join, relative } = require('node:path');
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');

const workspaceRoot = __dirname;

/** @param {string} appDir the app's folder (its webpack.config.js passes __dirname) */
module.exports = function serviceWebpackConfig(appDir) {
  const app = relative(join(workspaceRoot, 'apps'), appDir);
  const extraEntries = ['migrate', 'cli']
    .filter((name) => existsSync(join(appDir, 'src', `${name}.ts`)))
    .map((name) => ({ entryName: name, entryPath: `./src/${name}.ts` }));
  return {
    output: { path: join(workspaceRoot, 'dist', 'apps', app), clean: true },
    // Nest and TypeORM load optional packages they may not need with try/require; leave
    // those requires alone instead of warning about each.
    ignoreWarnings: [/Can't resolve|Critical dependency/],
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        additionalEntryPoints: extraEntries,
        tsConfig: './tsconfig.app.json',
        outputHashing: 'none',
        optimization: false,
        sourceMap: true,
        // `npm run typecheck` type-checks the whole workspace once; the build only compiles.
        skipTypeChecking: true,
        externalDependencies: 'all',
        generatePackageJson: true,
      }),
    ],
  };
};
