extension CELStandardFunctions {
    static let time: [CELFunction] = [
        timestampAccessor("getFullYear", "timestamp_to_year") { $0.year },
        timestampAccessor("getMonth", "timestamp_to_month") { $0.month - 1 },
        timestampAccessor("getDate", "timestamp_to_day_of_month_1_based") { $0.day },
        timestampAccessor("getDayOfMonth", "timestamp_to_day_of_month") { $0.day - 1 },
        timestampAccessor("getDayOfWeek", "timestamp_to_day_of_week") { $0.dayOfWeek },
        timestampAccessor("getDayOfYear", "timestamp_to_day_of_year") { $0.dayOfYear },
        timestampAccessor("getMinutes", "timestamp_to_minutes") { $0.minute },
        timestampAccessor("getSeconds", "timestamp_to_seconds") { $0.second },
        timestampAccessor("getMilliseconds", "timestamp_to_milliseconds") { $0.nanos / 1_000_000 },
        timestampAccessor("getHours", "timestamp_to_hours") { $0.hour },
        zonedAccessor("getFullYear", "timestamp_to_year_with_tz") { $0.year },
        zonedAccessor("getMonth", "timestamp_to_month_with_tz") { $0.month - 1 },
        zonedAccessor("getDate", "timestamp_to_day_of_month_1_based_with_tz") { $0.day },
        zonedAccessor("getDayOfMonth", "timestamp_to_day_of_month_with_tz") { $0.day - 1 },
        zonedAccessor("getDayOfWeek", "timestamp_to_day_of_week_with_tz") { $0.dayOfWeek },
        zonedAccessor("getDayOfYear", "timestamp_to_day_of_year_with_tz") { $0.dayOfYear },
        zonedAccessor("getHours", "timestamp_to_hours_with_tz") { $0.hour },
        zonedAccessor("getMinutes", "timestamp_to_minutes_with_tz") { $0.minute },
        zonedAccessor("getSeconds", "timestamp_to_seconds_with_tz") { $0.second },
        zonedAccessor("getMilliseconds", "timestamp_to_milliseconds_with_tz") { $0.nanos / 1_000_000 },
    ]

    /// `t.name()`, in UTC; `getHours`, `getMinutes`, `getSeconds` and `getMilliseconds` also
    /// take a duration (whole hours, minutes and seconds in it; its milliseconds part).
    private static func timestampAccessor(_ name: String, _ id: String,
                                          _ field: @escaping @Sendable (CELCivilTime) -> Int64) -> CELFunction {
        let durationField = durationFields[name]
        var overloads = [CELFunction.Overload(id, [.timestamp], .int)]
        if durationField != nil {
            overloads.append(.init("duration_to_\(id.dropFirst("timestamp_to_".count))", [.duration], .int))
        }
        return CELFunction(name, .receiver, arity: 1, overloads: overloads, body: .unary { value throws(CELError) in
            switch value {
            case .timestamp(let t): return .int(field(try CELCivilTime(t, zone: nil)))
            case .duration(let d):
                guard let durationField else { break }
                return .int(durationField(try CELTimeMath.nanoseconds(d)))
            default: break
            }
            throw CELError(.noSuchOverload, "no such overload: \(value.typeName).\(name)()")
        })
    }

    /// `t.name(zone)`: the field in the time zone `zone`.
    private static func zonedAccessor(_ name: String, _ id: String,
                                      _ field: @escaping @Sendable (CELCivilTime) -> Int64) -> CELFunction {
        CELFunction(name, .receiver, arity: 2, overloads: [.init(id, [.timestamp, .string], .int)],
                    body: .binary { value, zone throws(CELError) in
                        guard case .timestamp(let t) = value, case .string(let name) = zone else {
                            throw CELError(.noSuchOverload, "no such overload: \(value.typeName).\(name)(\(zone.typeName))")
                        }
                        return .int(field(try CELCivilTime(t, zone: name)))
                    })
    }

    /// What the duration forms of the accessors read from a count of nanoseconds.
    private static let durationFields: [String: @Sendable (Int64) -> Int64] = [
        "getHours": { $0 / 3_600_000_000_000 },
        "getMinutes": { $0 / 60_000_000_000 },
        "getSeconds": { $0 / 1_000_000_000 },
        "getMilliseconds": { $0 / 1_000_000 % 1_000 },
    ]
}
