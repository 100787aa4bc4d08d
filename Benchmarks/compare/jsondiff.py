"""Where two JSON documents differ, for the equivalence checks of make bench-compare."""

import json

ABSENT = object()


def differences(ours, theirs, pointer: str) -> list:
    """(JSON Pointer, convertd value, other value) for every place the documents differ."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        found = []
        for key in list(ours) + [k for k in theirs if k not in ours]:
            found += differences(ours.get(key, ABSENT), theirs.get(key, ABSENT), f"{pointer}/{key}")
        return found
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        return [d for index, pair in enumerate(zip(ours, theirs)) for d in differences(*pair, f"{pointer}/{index}")]
    # Types matter: JSON's true is not 1.
    if type(ours) is not type(theirs) or ours != theirs:
        return [(pointer, ours, theirs)]
    return []


def show(value) -> str:
    """A value for a difference listing: its JSON, cut to 80 characters."""
    return "absent" if value is ABSENT else json.dumps(value, ensure_ascii=False)[:80]
