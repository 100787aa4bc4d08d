"""Evaluates CEL expressions with cel-python, for convertd's differential test.

Usage: evaluate.py CASES.json RESULTS.json

CASES.json is {"cases": [{"expr": "...", "doc": <JSON>}, ...]}; each expression is evaluated
with the one variable `doc` bound to its document. RESULTS.json gets {"results": [...]}, one per
case in order: {"value": VALUE} in the VALUE encoding of the cel-spec corpus' README (ints as
decimal strings, maps as [key, value] pairs), or {"error": "..."} when cel-python fails to
parse or evaluate the expression.
"""

import base64
import json
import math
import sys

import celpy
from celpy import celtypes


def encode(value):
    """A cel-python result in the corpus' VALUE encoding. Bool first: it is an int in Python."""
    if value is None or isinstance(value, celtypes.NullType):
        return {"null": None}
    if isinstance(value, bool) or isinstance(value, celtypes.BoolType):
        return {"bool": bool(value)}
    if isinstance(value, celtypes.UintType):
        return {"uint": str(int(value))}
    if isinstance(value, int):
        return {"int": str(int(value))}
    if isinstance(value, float):
        number = float(value)  # celtypes' DoubleType refuses to compare with a Python int
        if math.isnan(number):
            return {"double": "NaN"}
        if math.isinf(number):
            return {"double": "Infinity" if number > 0 else "-Infinity"}
        if number == 0 and math.copysign(1, number) < 0:
            return {"double": "-0"}
        return {"double": number}
    if isinstance(value, str):
        return {"string": str(value)}
    if isinstance(value, bytes):
        return {"bytes": base64.b64encode(value).decode("ascii")}
    if isinstance(value, list):
        return {"list": [encode(element) for element in value]}
    if isinstance(value, dict):
        return {"map": [[encode(key), encode(element)] for key, element in value.items()]}
    raise TypeError(f"no VALUE encoding for {type(value).__name__}: {value!r}")


def evaluate(environment, expression, document):
    try:
        program = environment.program(environment.compile(expression))
        result = program.evaluate({"doc": celpy.json_to_cel(document)})
    except Exception as error:  # cel-python reports CEL errors as exceptions of several kinds
        return {"error": f"{type(error).__name__}: {error}"}
    if isinstance(result, celpy.CELEvalError):
        return {"error": f"CELEvalError: {result}"}
    return {"value": encode(result)}


def main():
    cases_path, results_path = sys.argv[1:3]
    with open(cases_path, encoding="utf-8") as file:
        cases = json.load(file)["cases"]
    environment = celpy.Environment()
    results = [evaluate(environment, case["expr"], case["doc"]) for case in cases]
    with open(results_path, "w", encoding="utf-8") as file:
        json.dump({"results": results}, file, ensure_ascii=False)


if __name__ == "__main__":
    main()
