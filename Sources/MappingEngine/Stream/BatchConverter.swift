/// Converts a stream's batches — of a top-level array's elements (`ArrayBatch`), of NDJSON
/// lines (`NDJSONBatch`) — somewhere other than where the stream is read: on other threads, in
/// `convertd convert --jobs`. The parts come back in the order the batches were handed over,
/// for the stream to take in as if it had converted them itself.
public protocol BatchConverter<Batch, Part>: AnyObject {
    associatedtype Batch
    associatedtype Part
    /// Hands over the next batch; returns the parts of earlier ones that are ready, in order,
    /// none skipped. May wait while as many batches as it takes are in flight.
    func submit(_ batch: Batch) -> [Part]
    /// Waits for every batch handed over; returns the parts not returned yet, in order.
    func drain() -> [Part]
}
