#!/usr/bin/env python3
"""deploy/kubernetes, kept in step and checked: `make k8s-schemas` and `make k8s-validate`.

  k8s.py sync                        copy schemas/ into deploy/kubernetes/schemas/ and list the files
                                     in kustomization.yaml's configMapGenerator
  k8s.py validate --kubectl KUBECTL  fail when those copies differ from schemas/; render the
                                     kustomization offline; run `kubernetes-validate --strict` on the
                                     output; check what the manifests promise each other and the image

Standard library and PyYAML only (the venv `make k8s-validate` builds has both).
"""
import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
KUSTOMIZATION_DIR = ROOT / "deploy" / "kubernetes"
COPIES = KUSTOMIZATION_DIR / "schemas"
KUSTOMIZATION = KUSTOMIZATION_DIR / "kustomization.yaml"
DOCKERFILE = ROOT / "Dockerfile"
BEGIN, END = "# BEGIN schemas (make k8s-schemas)", "# END schemas"
SCHEMA_SUFFIXES = (".yaml", ".yml", ".json")


def schema_files(directory):
    """The schema files of a flat directory, by name; a subdirectory is an error (a ConfigMap key is a flat name)."""
    names, problems = [], []
    for path in sorted(directory.iterdir()) if directory.is_dir() else []:
        if path.name.startswith("."):
            continue
        if path.is_dir():
            problems.append(f"{path.relative_to(ROOT)}/: a ConfigMap holds flat file names only; keep schemas/ flat")
        elif path.suffix in SCHEMA_SUFFIXES:
            names.append(path.name)
    return names, problems


def listed_files(text):
    """The file entries between the BEGIN and END markers of kustomization.yaml."""
    block = re.search(re.escape(BEGIN) + r"\n(.*?)^\s*" + re.escape(END), text, re.S | re.M)
    if not block:
        return None
    return [line.strip()[2:].strip() for line in block.group(1).splitlines() if line.strip().startswith("- ")]


def sync():
    names, problems = schema_files(SCHEMAS)
    if problems:
        sys.exit("\n".join(problems))
    COPIES.mkdir(exist_ok=True)
    for stale in COPIES.iterdir():
        if stale.name not in names:
            stale.unlink()
    for name in names:
        shutil.copyfile(SCHEMAS / name, COPIES / name)
    text = KUSTOMIZATION.read_text()
    block = re.search(r"^(\s*)" + re.escape(BEGIN) + r"\n.*?^\s*" + re.escape(END), text, re.S | re.M)
    if not block:
        sys.exit(f"{KUSTOMIZATION.relative_to(ROOT)}: the '{BEGIN}' ... '{END}' markers are missing")
    indent = block.group(1)
    lines = [indent + BEGIN] + [f"{indent}- schemas/{name}" for name in names] + [indent + END]
    KUSTOMIZATION.write_text(text[: block.start()] + "\n".join(lines) + text[block.end():])
    print(f"k8s-schemas: {len(names)} files in {COPIES.relative_to(ROOT)} and kustomization.yaml")


def schemas_in_step():
    """What differs between schemas/ and the kustomization's copies and list."""
    names, problems = schema_files(SCHEMAS)
    copies, copy_problems = schema_files(COPIES)
    problems += copy_problems
    for name in sorted(set(names) - set(copies)):
        problems.append(f"schemas/{name} has no copy in deploy/kubernetes/schemas/")
    for name in sorted(set(copies) - set(names)):
        problems.append(f"deploy/kubernetes/schemas/{name} is not in schemas/ any more")
    for name in sorted(set(names) & set(copies)):
        if (SCHEMAS / name).read_bytes() != (COPIES / name).read_bytes():
            problems.append(f"deploy/kubernetes/schemas/{name} differs from schemas/{name}")
    listed = listed_files(KUSTOMIZATION.read_text())
    if listed is None:
        problems.append(f"kustomization.yaml: the '{BEGIN}' ... '{END}' markers are missing")
    elif listed != [f"schemas/{name}" for name in names]:
        problems.append(f"kustomization.yaml lists {listed}, schemas/ holds {names}")
    return problems


class Checks:
    """Named checks on the rendered manifests; each failure says what and where."""

    def __init__(self):
        self.count = 0
        self.failures = []

    def expect(self, condition, message):
        self.count += 1
        if not condition:
            self.failures.append(message)


def only(documents, kind):
    found = [d for d in documents if d.get("kind") == kind]
    return found[0] if len(found) == 1 else None


def env_of(container):
    return {e["name"]: e for e in container.get("env", [])}


def check_manifests(documents, checks):
    """What the manifests promise: probes, drain timing, security, the watched ConfigMap, the Secret, selectors."""
    deployment, service = only(documents, "Deployment"), only(documents, "Service")
    hpa, pdb = only(documents, "HorizontalPodAutoscaler"), only(documents, "PodDisruptionBudget")
    configmap = only(documents, "ConfigMap")
    for kind, document in [("Deployment", deployment), ("Service", service), ("HorizontalPodAutoscaler", hpa),
                           ("PodDisruptionBudget", pdb), ("ConfigMap", configmap)]:
        checks.expect(document is not None, f"exactly one {kind} rendered")
    if None in (deployment, service, hpa, pdb, configmap):
        return
    pod = deployment["spec"]["template"]["spec"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    containers = pod["containers"]
    checks.expect(len(containers) == 1, "the pod runs one container")
    container = containers[0]
    env = env_of(container)
    port = {p["name"]: p["containerPort"] for p in container.get("ports", [])}.get("http")

    # Probes on the port the image exposes.
    exposed = re.findall(r"^EXPOSE\s+(\d+)", DOCKERFILE.read_text(), re.M)
    checks.expect(exposed and port == int(exposed[0]), f"container port http ({port}) is the Dockerfile's EXPOSE {exposed}")
    liveness, readiness = container.get("livenessProbe", {}), container.get("readinessProbe", {})
    checks.expect(liveness.get("httpGet", {}).get("path") == "/healthz", "liveness probe GETs /healthz")
    checks.expect(readiness.get("httpGet", {}).get("path") == "/readyz", "readiness probe GETs /readyz")
    checks.expect(liveness.get("httpGet", {}).get("port") == "http" and readiness.get("httpGet", {}).get("port") == "http",
                  "probes use the named port http")

    # Resources and security.
    resources = container.get("resources", {})
    checks.expect({"cpu", "memory"} <= set(resources.get("requests", {})), "CPU and memory requests set")
    checks.expect({"cpu", "memory"} <= set(resources.get("limits", {})), "CPU and memory limits set")
    security = container.get("securityContext", {})
    checks.expect(pod.get("securityContext", {}).get("runAsNonRoot") is True, "pod runAsNonRoot")
    checks.expect(security.get("readOnlyRootFilesystem") is True, "read-only root filesystem")
    checks.expect(security.get("allowPrivilegeEscalation") is False, "no privilege escalation")
    user = re.findall(r"^USER\s+(\d+)(?::(\d+))?", DOCKERFILE.read_text(), re.M)
    checks.expect(user and pod.get("securityContext", {}).get("runAsUser") == int(user[-1][0]),
                  f"runAsUser is the Dockerfile's numeric USER {user}")

    # Drain: the kubelet's SIGKILL comes after the preStop sleep plus GRACE.
    command = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
    sleep = float(command[1]) if len(command) == 2 and command[0] == "sleep" else None
    checks.expect(sleep is not None and sleep > 0, f"preStop sleeps before SIGTERM (found {command})")
    grace = float(env.get("GRACE", {}).get("value", "10"))
    period = pod.get("terminationGracePeriodSeconds", 30)
    checks.expect(sleep is not None and period > sleep + grace,
                  f"terminationGracePeriodSeconds ({period}) exceeds the preStop sleep ({sleep}) plus GRACE ({grace})")
    checks.expect(readiness.get("periodSeconds", 10) * readiness.get("failureThreshold", 3) <= (sleep or 0) + grace,
                  "readiness turns the pod away within the drain")

    # The schemas: the watched, mutable ConfigMap, mounted whole at SCHEMAS_DIR.
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    mounts = [m for m in container.get("volumeMounts", []) if volumes.get(m["name"], {}).get("configMap")]
    checks.expect(len(mounts) == 1, "one ConfigMap volume mounted")
    if mounts:
        mount = mounts[0]
        checks.expect(volumes[mount["name"]]["configMap"]["name"] == configmap["metadata"]["name"],
                      "the volume names the generated ConfigMap")
        checks.expect("subPath" not in mount and "subPathExpr" not in mount, "mounted as a directory (a subPath never updates)")
        checks.expect(env.get("SCHEMAS_DIR", {}).get("value") == mount["mountPath"], "SCHEMAS_DIR is the mount path")
    checks.expect(configmap.get("immutable") is not True, "the ConfigMap is mutable, so an update reaches the pods")
    interval = env.get("RELOAD_INTERVAL", {}).get("value")
    checks.expect(interval is not None and float(interval) > 0, "RELOAD_INTERVAL watches the schema directory")
    names, _ = schema_files(SCHEMAS)
    data = configmap.get("data", {})
    checks.expect(sorted(data) == names, f"ConfigMap keys {sorted(data)} are the files of schemas/ {names}")
    for name in names:
        checks.expect(data.get(name) == (SCHEMAS / name).read_text(), f"ConfigMap key {name} holds schemas/{name}")

    # Every interface of the pod, as the image's ENV HOST: the Service and the probes reach the pod's address.
    image_host = re.findall(r"^\s*(?:ENV\s+)?HOST=(\S+)", DOCKERFILE.read_text(), re.M)
    host = env.get("HOST", {}).get("value", image_host[-1] if image_host else None)
    checks.expect(host in ("0.0.0.0", "::"), f"the pods listen on every interface (HOST {host}; the Dockerfile's {image_host})")

    # The admin token from a Secret, never a literal.
    token = env.get("ADMIN_TOKEN", {}).get("valueFrom", {}).get("secretKeyRef")
    checks.expect(token is not None, "ADMIN_TOKEN comes from a Secret")
    checks.expect(not any("value" in env[name] for name in ("ADMIN_TOKEN", "ADMIN_TOKEN_FILE") if name in env),
                  "no admin token written into the manifests")
    # serve refuses ADMIN_TOKEN (a token given as text) on an address other than loopback unless
    # ADMIN_ON_NETWORK says so: without it a pod would not start once the Secret exists.
    acknowledged = env.get("ADMIN_ON_NETWORK", {}).get("value", "").lower() in ("1", "true")
    checks.expect("ADMIN_TOKEN" not in env or host in ("127.0.0.1", "::1") or acknowledged,
                  "ADMIN_ON_NETWORK=1 beside ADMIN_TOKEN on a pod listening on every interface (else serve refuses to start)")

    # Everything finds the pods and the Deployment.
    def selects(selector):
        return all(labels.get(k) == v for k, v in selector.items())

    checks.expect(selects(deployment["spec"]["selector"]["matchLabels"]), "the Deployment selects its own pods")
    checks.expect(selects(service["spec"]["selector"]), "the Service selects the pods")
    checks.expect(any(p.get("targetPort") in ("http", port) for p in service["spec"]["ports"]), "the Service targets port http")
    checks.expect(selects(pdb["spec"]["selector"]["matchLabels"]), "the PodDisruptionBudget selects the pods")
    target = hpa["spec"]["scaleTargetRef"]
    checks.expect(target["kind"] == "Deployment" and target["name"] == deployment["metadata"]["name"],
                  "the HorizontalPodAutoscaler scales the Deployment")
    checks.expect(hpa["spec"].get("minReplicas", 1) >= 2, "at least 2 replicas, so a disruption leaves one serving")


def validate(kubectl, validator, output):
    import yaml

    problems = schemas_in_step()
    if problems:
        print("k8s-validate: deploy/kubernetes/schemas is out of step with schemas/ (run `make k8s-schemas`):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    rendered = subprocess.run([kubectl, "kustomize", str(KUSTOMIZATION_DIR)], capture_output=True, text=True)
    if rendered.returncode != 0:
        print(f"k8s-validate: `kubectl kustomize` failed:\n{rendered.stderr}", file=sys.stderr)
        return 1
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(rendered.stdout)
    schema_check = subprocess.run([validator, "--strict", "--quiet", str(output)], capture_output=True, text=True)
    if schema_check.returncode != 0:
        print(f"k8s-validate: kubernetes-validate --strict rejected {output}:\n{schema_check.stdout}{schema_check.stderr}",
              file=sys.stderr)
        return 1
    documents = [d for d in yaml.safe_load_all(rendered.stdout) if d]
    checks = Checks()
    check_manifests(documents, checks)
    if checks.failures:
        print(f"k8s-validate: {len(checks.failures)} of {checks.count} checks on the rendered manifests failed:", file=sys.stderr)
        for failure in checks.failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    kinds = ", ".join(sorted(d["kind"] for d in documents))
    print(f"k8s-validate: OK: {len(documents)} resources ({kinds}) valid under kubernetes-validate --strict; "
          f"{checks.count} checks on probes, drain, security, schemas and selectors hold")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("sync", help="copy schemas/ into the kustomization")
    check = commands.add_parser("validate", help="check, render and validate the kustomization")
    check.add_argument("--kubectl", required=True, help="a kubectl with kustomize built in")
    check.add_argument("--validator", required=True, help="the kubernetes-validate executable")
    check.add_argument("--output", type=Path, required=True, help="where the rendered manifests are written")
    arguments = parser.parse_args()
    if arguments.command == "sync":
        sync()
        return 0
    return validate(arguments.kubectl, arguments.validator, arguments.output)


if __name__ == "__main__":
    sys.exit(main())
