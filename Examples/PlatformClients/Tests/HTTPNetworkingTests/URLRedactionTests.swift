import HTTPNetworking
import Testing

/// The one redaction of URLs: what a person needs to recognise a URL stays, its secrets go.
@Suite("URL redaction")
struct URLRedactionTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/functions/v1", "http://127.0.0.1:8080/functions/v1"),
        ("http://user:pw@127.0.0.1:8080/x", "http://***@127.0.0.1:8080/x"),
        ("https://token@example.com", "https://***@example.com"),
        ("https://example.com/f?apikey=s3cret&region=eu", "https://example.com/f?apikey=***&region=***"),
        ("https://example.com/f?s3cret", "https://example.com/f?***"),
        ("https://example.com/cb#access_token=abc&x=1", "https://example.com/cb#access_token=***&x=***"),
        ("https://a:b@example.com:1/p?k=v#t=u", "https://***@example.com:1/p?k=***#t=***"),
        ("not a url?key=secret", "not a url?key=***"),
        ("https://example.com/a@b", "https://example.com/a@b"),
    ])
    func credentialsAreReplaced(url: String, redacted: String) {
        #expect(URLRedaction.redacting(url) == redacted)
    }
}
