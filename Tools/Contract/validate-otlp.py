#!/usr/bin/env python3
"""Validates OTLP/HTTP JSON payloads against OpenTelemetry's own protobuf definitions.

usage: validate-otlp.py metrics FILE | logs FILE

Parses FILE with protobuf's json_format into ExportMetricsServiceRequest or
ExportLogsServiceRequest (from the `opentelemetry-proto` package on PyPI); unknown fields,
wrong types or bad enum values fail. Prints one line with what it found; exit 0 when valid,
1 when not, 3 when the packages are missing (pip install opentelemetry-proto).
"""
import sys

try:
    from google.protobuf import json_format
    from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
    from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import ExportMetricsServiceRequest
except ImportError as error:
    print(f"validate-otlp: {error}; run `pip install opentelemetry-proto`", file=sys.stderr)
    sys.exit(3)


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[1] not in ("metrics", "logs"):
        print(__doc__, file=sys.stderr)
        return 2
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    message = ExportMetricsServiceRequest() if kind == "metrics" else ExportLogsServiceRequest()
    try:
        json_format.Parse(text, message, ignore_unknown_fields=False)
    except json_format.ParseError as error:
        print(f"validate-otlp: {kind} payload is not valid OTLP: {error}", file=sys.stderr)
        return 1
    if kind == "metrics":
        points = [
            point
            for resource in message.resource_metrics
            for scope in resource.scope_metrics
            for metric in scope.metrics
            for point in metric.gauge.data_points
        ]
        if not points or any(point.time_unix_nano == 0 for point in points):
            print("validate-otlp: no gauge points, or a point without a time", file=sys.stderr)
            return 1
        print(f"valid metrics: {len(points)} points")
    else:
        records = [
            record
            for resource in message.resource_logs
            for scope in resource.scope_logs
            for record in scope.log_records
        ]
        if not records or any(record.time_unix_nano == 0 or not record.body.string_value for record in records):
            print("validate-otlp: no log records, or a record without a time or body", file=sys.stderr)
            return 1
        print(f"valid logs: {len(records)} records")
    return 0


if __name__ == "__main__":
    sys.exit(main())
