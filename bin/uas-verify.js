#!/usr/bin/env node
import '../dist/src/cli/uas-verify.js';
