// A setup file of the api and contracts projects (vitest.config.mts): setup files run before every test file, also
// when a worker process runs many files (`isolate: false`), so each file starts from the worker's deployed suite, or
// the fresh chain before any deploy (worker-chain.ts), and never sees the chain a previous file left.
import { beforeAll } from "vitest";
import { resetWorkerChain } from "./worker-chain";

beforeAll(() => resetWorkerChain());
