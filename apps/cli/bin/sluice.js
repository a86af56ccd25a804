#!/usr/bin/env node
// The `sluice` command. A plain file that exists before the build, so npm can link it at install time.
import '../dist/bin.js';
