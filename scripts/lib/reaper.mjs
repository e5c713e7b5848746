/**
 * Watches the dev runner from outside: `node reaper.mjs <runnerPid> <childGroupId>`.
 * The runner starts netlify-cli in a process group of its own (so it can stop netlify, Astro and
 * esbuild together). If the runner is killed outright (SIGKILL, e.g. by a test harness), nothing
 * would stop that group; this watcher does: once the runner is gone it sends SIGTERM to the group,
 * then SIGKILL after 5 s. It exits as soon as the group is gone.
 */
const [runnerPid, groupId] = process.argv.slice(2).map(Number);

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};
const signalGroup = (signal) => {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false;
  }
};

const timer = setInterval(() => {
  if (!signalGroup(0)) process.exit(0); // the group is gone: nothing left to watch
  if (alive(runnerPid)) return;
  clearInterval(timer);
  signalGroup("SIGTERM");
  setTimeout(() => {
    signalGroup("SIGKILL");
    process.exit(0);
  }, 5000);
}, 500);
