#!/usr/bin/env node
"use strict";
// The nova-tools command; the code lives in ../lib/cli (compiled from src/cli by `npm run build`).
require("../lib/cli/main.js")
  .run(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
