// Preloaded with `node --import` (NODE_OPTIONS, where Node 20 refuses --cpu-prof): records a V8 CPU profile of the
// whole process and writes it to CPU_PROFILE_FILE when the process exits (a clean stop: SIGTERM, then exit).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.CPU_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // A session on the process's own thread answers synchronously, so the profile is written before the exit.
  process.once('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
