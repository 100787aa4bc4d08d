#!/usr/bin/env python3
"""Writes the big example arrays the README's "Big arrays" section posts (`make examples`).

users-20000.json is COUNT copies of examples/user.json (a GitHub user, written for the
project), each with an id and a login of its own, as one JSON array, one element a line. It is
generated rather than kept in the repository because it is 24 MB; the default output is under
.build/, which git ignores. Standard library only; the same arguments give the same bytes.

    python3 examples/big_arrays.py [--count 20000] [--output .build/examples/users-20000.json]
"""

import argparse
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20000, help="elements (default 20000)")
    parser.add_argument("--output", default=".build/examples/users-20000.json",
                        help="the file to write (default .build/examples/users-20000.json)")
    args = parser.parse_args()

    with open(os.path.join(HERE, "user.json"), encoding="utf-8") as source:
        user = json.load(source)
    directory = os.path.dirname(args.output)
    if directory:
        os.makedirs(directory, exist_ok=True)
    temporary = args.output + ".tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write("[\n")
        for index in range(args.count):
            user["id"] = 1_000_000 + index
            user["login"] = f"tidewater-{index}"
            out.write(json.dumps(user, ensure_ascii=False))
            out.write(",\n" if index + 1 < args.count else "\n")
        out.write("]\n")
    os.replace(temporary, args.output)
    size = os.path.getsize(args.output)
    print(f"wrote {args.output}: {args.count:,} users, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
