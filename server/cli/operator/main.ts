/**
 * The operator CLI: `npm run operator -- <command>` (`npm run operator -- help` lists them). It
 * talks to the platform's operator API at PLATFORM_URL with OPERATOR_KEY, the same calls an
 * operator's own tools would make. The commands are the table in ./commands.ts.
 */
import { nodeIo, run } from "./run";

process.exitCode = await run(process.argv.slice(2), nodeIo());
