// A setup file of the api project (vitest.config.mts): setup files run before every test file, also when a
// worker process runs many files (`isolate: false`), so each file starts from the worker's deployed suite
// (worker-chain.ts) and never sees the chain a previous file left.
import { beforeAll } from "vitest";
import { resetWorkerChain } from "./worker-chain";

beforeAll(() => resetWorkerChain());
