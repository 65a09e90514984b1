// Reference points between the bare server and ours: plain Express 5, and a minimal Nest app
// with one controller. They show how much of the cost is the framework and how much is ours.
require('reflect-metadata');
const express = require('express');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

const [kind, port] = process.argv.slice(2);

if (kind === 'express') {
  const app = express();
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.listen(Number(port), '127.0.0.1');
} else {
  class HealthController {
    healthz() {
      return { status: 'ok' };
    }
  }
  Controller()(HealthController);
  Get('healthz')(
    HealthController.prototype,
    'healthz',
    Object.getOwnPropertyDescriptor(HealthController.prototype, 'healthz'),
  );
  class MinimalModule {}
  Module({ controllers: [HealthController] })(MinimalModule);
  void NestFactory.create(MinimalModule, { logger: false }).then((app) =>
    app.listen(Number(port), '127.0.0.1'),
  );
}
