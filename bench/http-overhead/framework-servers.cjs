// Reference points between the bare server and ours: plain Express 5, and a minimal Nest app
// with one controller. They show how much of the cost is the framework and how much is ours.
// The Nest app also answers GET /same/:name with the JSON a service's route gave (argv[4] names
// a file of { name: body }), so a real route is compared with the framework floor for its bytes.
require('reflect-metadata');
const { readFileSync } = require('node:fs');
const express = require('express');
const { Controller, Get, Module, Param } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

const [kind, port, bodiesFile] = process.argv.slice(2);

if (kind === 'express') {
  const app = express();
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.listen(Number(port), '127.0.0.1');
} else {
  const bodies = bodiesFile ? JSON.parse(readFileSync(bodiesFile, 'utf8')) : {};
  class HealthController {
    healthz() {
      return { status: 'ok' };
    }
    same(name) {
      return bodies[name];
    }
  }
  Controller()(HealthController);
  const route = (verb, method) =>
    verb(
      HealthController.prototype,
      method,
      Object.getOwnPropertyDescriptor(HealthController.prototype, method),
    );
  route(Get('healthz'), 'healthz');
  route(Get('same/:name'), 'same');
  Param('name')(HealthController.prototype, 'same', 0);
  class MinimalModule {}
  Module({ controllers: [HealthController] })(MinimalModule);
  void NestFactory.create(MinimalModule, { logger: false }).then((app) =>
    app.listen(Number(port), '127.0.0.1'),
  );
}
