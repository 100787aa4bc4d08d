import ArgumentParser
import Foundation

/// `convertd healthcheck`: the container's `HEALTHCHECK`. Asks the server on this host for
/// `/healthz` on the port `serve` reads (so one `PORT` setting serves both) and exits 0 on a
/// 200, 1 otherwise, with one line on stderr saying why.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 when the local server answers GET /healthz with 200, 1 otherwise (for a container HEALTHCHECK)."
    )

    @Option(help: "Address the server answers on.")
    var host = "127.0.0.1"
    @Option(help: ServeSetting.port.help("Port the server listens on, read as `serve` reads it"))
    var port: Int?
    @Option(help: "Seconds each of connecting, sending and receiving may take.")
    var timeout = 2.0

    func run() throws {
        let port: Int
        do {
            port = try ServerConfig.port(self.port, environment: ProcessInfo.processInfo.environment)
        } catch {
            Output.stderr("unhealthy: \(error.message)")
            throw ExitCode(1)
        }
        guard port > 0 else {
            Output.stderr("unhealthy: port 0 names no server to ask (set --port or PORT)")
            throw ExitCode(1)
        }
        let probe = HealthProbe(host: host, port: port, timeout: timeout)
        do {
            let status = try probe.status(of: "/healthz")
            guard status == 200 else {
                Output.stderr("unhealthy: GET /healthz answered \(status)")
                throw ExitCode(1)
            }
        } catch let failure as HealthProbe.Failure {
            Output.stderr("unhealthy: \(failure.description)")
            throw ExitCode(1)
        }
    }
}
