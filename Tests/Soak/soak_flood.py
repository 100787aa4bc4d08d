"""The connection-flood worker: bursts over the connection limit against a server of its own.

Holds FloodWorker, the mixin of Soak whose worker starts a second convertd at
--max-connections 64, opens bursts of 300 connections against it, wants those over its ceiling
answered 503 overloaded at once and normal service (/healthz and a conversion) within 2 s of
each burst's end, and ends that server with SIGTERM (flood_worker).

Python 3 standard library only.
"""
import signal
import subprocess
import time

from soak_checks import C_FLOOD
from soak_harness import Harness
from soak_http import Closed, Connection, Hang, Refused, request_bytes
from soak_server import Server


class FloodWorker(Harness):
    """The connection flood; a mixin of Soak (see soak.py)."""

    def flood_worker(self):
        """Bursts of connections over the connection limit, against a server of its own (so the
        other workers' connections are not refused): libmicrohttpd 0.9.75 hung every worker for
        good once a burst reached its own limit. Each burst opens 300 connections at once, the
        first 64 (those served) each sending a request kept alive, holds them 2 s, closes them
        all, then asks for normal service. The others send nothing: a probe answered on a
        connection over the limit closes it and frees its place, so the last connection would
        then be let in instead of refused."""
        flooded = Server(self.args.convertd, self.schema_dir,
                         ["--max-connections", "64", "--max-connections-per-client", "0", "--log-level", "notice"])
        try:
            while self.running():
                held = []
                for index in range(300):
                    try:
                        conn = Connection(flooded.port, timeout=5)
                    except Refused as refused:
                        self.tally.fail(C_FLOOD, f"connect during a burst: {refused}")
                        break
                    if index < 64:
                        try:
                            conn.send(request_bytes("GET", "/healthz"))
                        except (Closed, Hang):
                            pass
                    held.append(conn)
                self.tally.answer("hostile: flood", f"burst of {len(held)}")
                time.sleep(2)
                # Past 64 + 16 of headroom every connection was answered 503 without a request.
                last = held[-1] if held else None
                refused = None
                if last is not None:
                    try:
                        refused = last.read_response(time.monotonic() + 5, "GET")
                    except (Closed, Hang) as error:
                        self.tally.fail(C_FLOOD, f"the burst's last connection got no 503: {error}")
                for conn in held:
                    conn.close()
                ended = time.monotonic()
                if refused is not None and (refused.status != 503 or refused.code() != "overloaded"):
                    self.tally.fail(C_FLOOD, f"the burst's last connection: {refused.brief()}")
                served = True
                for raw, method in ((request_bytes("GET", "/healthz"), "GET"),
                                    (request_bytes("POST", "/convert/GithubUser", self.user), "POST")):
                    response = None
                    while response is None and time.monotonic() < ended + 2:
                        try:
                            conn = Connection(flooded.port, timeout=2)
                            conn.send(raw)
                            response = conn.read_response(ended + 2, method)
                            conn.close()
                        except (Refused, Closed, Hang):
                            time.sleep(0.05)
                        else:
                            if response.status == 503:  # the burst's connections are still closing
                                response = None
                                time.sleep(0.05)
                    if response is None or response.status != 200:
                        served = False
                        self.tally.fail(C_FLOOD, f"{method} after a burst: "
                                                 + (response.brief() if response else "no answer within 2 s"))
                if served:
                    self.tally.ok(C_FLOOD)
                self.pause(3)
        finally:
            flooded.process.send_signal(signal.SIGTERM)
            try:
                flooded.process.wait(15)
            except subprocess.TimeoutExpired:
                flooded.kill()
                self.tally.fail(C_FLOOD, "the flooded server did not exit within 15 s of SIGTERM")
