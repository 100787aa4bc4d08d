"""The reload worker: schema changes and SIGHUP while the load goes on.

Holds ReloadWorker, the mixin of Soak whose worker every ~5 s writes the soak's copy of the
schemas in one of two variants (a property added to GithubUser and a model SoakProbe, or the
original), sends SIGHUP, and wants /schemas to show the change and /convert/SoakProbe to be
served or gone at once (reload_worker, write_schemas, atomic_write).

Python 3 standard library only.
"""
import os
import signal
import time

from soak_checks import C_RELOAD
from soak_harness import Harness
from soak_http import request_bytes

RELOAD_INTERVAL = 5.0


class ReloadWorker(Harness):
    """Schema reloads; a mixin of Soak (see soak.py)."""

    def write_schemas(self, variant):
        github = os.path.join(self.schema_dir, "github.yaml")
        probe = os.path.join(self.schema_dir, "soak_probe.yaml")
        text = self.github_original
        if variant:
            text = text.replace("  properties:\n", '  properties:\n    soakExtra: "string?"             # added by the soak\n', 1)
            self.atomic_write(probe, "SoakProbe:\n  properties:\n    n: { type: int32, required: true }\n")
        elif os.path.exists(probe):
            os.remove(probe)
        self.atomic_write(github, text)

    def atomic_write(self, path, text):
        temporary = os.path.join(os.path.dirname(path), f".soak-{os.getpid()}.tmp")  # hidden: never loaded
        with open(temporary, "w") as file:
            file.write(text)
        os.replace(temporary, path)

    def reload_worker(self):
        models = {model["name"]: model for model in self.base_schemas["models"]}
        base_count = models["GithubUser"]["properties"]
        generation = self.base_schemas.get("generation", 0)
        variant = False
        while self.pause(RELOAD_INTERVAL):
            variant = not variant
            self.write_schemas(variant)
            self.server.process.send_signal(signal.SIGHUP)
            self.tally.answer("reload", "SIGHUP")
            want = base_count + (1 if variant else 0)
            deadline = time.monotonic() + 10
            seen = None
            while time.monotonic() < deadline:
                document = self.get_json("/schemas")
                if document is None:
                    break
                names = {model["name"]: model for model in document.get("models", [])}
                seen = (names.get("GithubUser", {}).get("properties"), "SoakProbe" in names, document.get("generation"))
                if seen[0] == want and seen[1] == variant and (seen[2] or 0) > generation:
                    generation = seen[2]
                    break
                time.sleep(0.1)
            else:
                self.tally.fail(C_RELOAD, f"after SIGHUP ({'variant' if variant else 'original'}) /schemas shows "
                                          f"GithubUser properties/SoakProbe/generation = {seen}, "
                                          f"want {want}/{variant}/>{generation} within 10 s")
                continue
            if seen is None or seen[0] != want:
                continue
            # The new model is served at once, and gone again with the original.
            response, conn = self.exchange("reload", C_RELOAD, request_bytes("POST", "/convert/SoakProbe", b'{"n": "5"}'))
            if conn:
                conn.close()
            if response is None:
                continue
            expected = 200 if variant else 404
            if response.status != expected:
                self.tally.fail(C_RELOAD, f"/convert/SoakProbe with the {'variant' if variant else 'original'} schemas: "
                                          f"expected {expected}, got {response.brief()}")
            else:
                self.tally.ok(C_RELOAD)
        # Leave the original schemas in place and served.
        if variant:
            self.write_schemas(False)
            self.server.process.send_signal(signal.SIGHUP)
