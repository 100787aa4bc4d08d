"""The memory and liveness sampler: the server's resident memory over the run, and its verdict.

Holds MemorySampler, the mixin of Soak whose thread samples the server's VmRSS every
RSS_INTERVAL seconds and fails the liveness check the moment the server exits (sampler), the
judgement that memory stayed flat after the warm-up (judge_memory), and bytes in MiB for
people (mb).

Python 3 standard library only.
"""
import statistics
import time

from soak_checks import C_ALIVE
from soak_harness import Harness
from soak_http import MIB
from soak_server import describe_status

RSS_INTERVAL = 5.0
RSS_TOLERANCE_FRACTION = 0.25
RSS_TOLERANCE_BYTES = 48 * MIB


class MemorySampler(Harness):
    """Memory and liveness; a mixin of Soak (see soak.py)."""

    def sampler(self):
        while not self.sampler_stop.is_set():
            if not self.server.alive():
                if not self.stop.is_set():
                    self.tally.fail(C_ALIVE, f"convertd exited with {describe_status(self.server.process.returncode)} "
                                             f"{time.monotonic() - self.started:.0f} s into the load")
                    self.stop.set()
                return
            rss = self.server.resident_bytes()
            if rss is not None:
                self.rss.append((time.monotonic() - self.started, rss, "load" if self.running() else "after"))
            self.sampler_stop.wait(RSS_INTERVAL)

    def judge_memory(self, end_rss):
        """(passed, verdict lines)."""
        warmup = min(60.0, 0.1 * self.args.seconds)
        load = [(t, rss) for t, rss, phase in self.rss if phase == "load"]
        after_warmup = [rss for t, rss in load if t >= warmup]
        if not after_warmup or end_rss is None:
            return False, ["not enough samples"]
        warm = after_warmup[0]
        allowed = max(RSS_TOLERANCE_FRACTION * warm, RSS_TOLERANCE_BYTES)
        lines = [f"warm-up {warmup:.0f} s; RSS at its end {mb(warm)}; end (after 5 s idle) {mb(end_rss)}; "
                 f"tolerance +{mb(allowed)}"]
        passed = True
        if end_rss > warm + allowed:
            passed = False
            lines.append(f"end RSS {mb(end_rss)} is more than {mb(allowed)} above the warm-up RSS {mb(warm)}")
        values = [rss for _, rss in load]
        quarter = len(values) // 4
        if quarter >= 1:
            second = statistics.median(values[quarter:2 * quarter])
            last = statistics.median(values[-quarter:])
            trend_allowed = max(RSS_TOLERANCE_FRACTION * second, RSS_TOLERANCE_BYTES)
            lines.append(f"median RSS of the 2nd quarter {mb(second)}, of the last quarter {mb(last)}")
            if last > second + trend_allowed:
                passed = False
                lines.append(f"upward trend: the last quarter's median is {mb(last - second)} above the second's")
        else:
            lines.append("too few samples for a trend")
        return passed, lines


def mb(value):
    return f"{value / MIB:.1f} MiB" if value is not None else "?"
