// A uaix-conformance starter adapter: a child process speaking uaix-adapter/1 (JSON-RPC 2.0, one
// message per line) on stdin/stdout. Standard library only (a small JSON reader and writer below).
//
// Every member is a stub. `describe` lists only the members named in IMPLEMENTED; the pack skips
// (never fails) the checks of every other member. Implement a member, add its name to
// IMPLEMENTED, and run the pack again. Logs go to System.err: stdout carries protocol messages only.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Adapter {
    static final String PROTOCOL = "uaix-adapter/1";

    /** The members that work so far: add a name here once its stub is replaced. */
    static final List<String> IMPLEMENTED = List.of();

    /** A stub's answer: a clear error, should it ever be called. */
    static Object notImplemented(String member) {
        throw new UnsupportedOperationException("not implemented: " + member);
    }

    /** Calls a member with the request's params (JSON values: Map, List, String, Double, Boolean, null). */
    static Object call(String method, List<Object> params) {
        switch (method) {
            case "validateEnvelope": return notImplemented(method); // [packet, {now}] -> verdict
            case "computeChecksum": return notImplemented(method);  // [packet] -> "sha256:<hex>"
            case "toKeyless": return notImplemented(method);        // [packet] -> keyless arrays
            case "fromKeyless": return notImplemented(method);      // [wire] -> keyed envelope
            case "validateError": return notImplemented(method);    // [payload, {now}] -> verdict
            case "verifyUas": return notImplemented(method);        // [{"$base64"}, artifact] -> uas verdict
            case "recovery.start": return notImplemented(method);   // [scenario] -> actions
            case "recovery.observe": return notImplemented(method); // [sessionId, observation] -> actions
            default: throw new IllegalArgumentException("no method " + method);
        }
    }

    /** The handshake: who this is, and the members it implements. */
    static Map<String, Object> describe() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", "my-implementation");
        info.put("version", "0.0.1");
        info.put("capabilityLevel", "L0");
        info.put("protocol", PROTOCOL);
        info.put("methods", new ArrayList<Object>(IMPLEMENTED));
        // Add info.put("inFlight", 16) once the answers depend on nothing but the request: the pack
        // then sends requests ahead while main answers them one after another (docs/protocol.md).
        return info;
    }

    /** The response to one request. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> handle(Map<String, Object> req) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("jsonrpc", "2.0");
        out.put("id", req.get("id"));
        String method = String.valueOf(req.get("method"));
        if (method.equals("describe")) {
            out.put("result", describe());
        } else if (!IMPLEMENTED.contains(method)) {
            out.put("error", error(-32601, "no method " + method));
        } else {
            try {
                out.put("result", call(method, (List<Object>) req.get("params")));
            } catch (RuntimeException e) {
                System.err.println(method + ": " + e.getMessage());
                out.put("error", error(-32000, String.valueOf(e.getMessage())));
            }
        }
        return out;
    }

    static Map<String, Object> error(int code, String message) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("code", code);
        e.put("message", message);
        return e;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) continue;
            Object req = new Reader(line).document();
            if (!(req instanceof Map)) continue;
            out.print(write(handle((Map<String, Object>) req)) + "\n");
            out.flush(); // an unflushed answer looks like a hang
        }
    }

    /** Writes a JSON value (whole doubles without a fraction). */
    static String write(Object v) {
        if (v == null) return "null";
        if (v instanceof Boolean || v instanceof Integer || v instanceof Long) return v.toString();
        if (v instanceof Double) {
            double d = (Double) v;
            return d == Math.rint(d) && Math.abs(d) < 9e15 ? Long.toString((long) d) : Double.toString(d);
        }
        if (v instanceof String) {
            StringBuilder b = new StringBuilder("\"");
            for (char c : ((String) v).toCharArray()) {
                if (c == '"' || c == '\\') b.append('\\').append(c);
                else if (c == '\n') b.append("\\n");
                else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            return b.append('"').toString();
        }
        if (v instanceof List) {
            StringBuilder b = new StringBuilder("[");
            for (Object x : (List<?>) v) b.append(b.length() > 1 ? "," : "").append(write(x));
            return b.append(']').toString();
        }
        StringBuilder b = new StringBuilder("{");
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) b.append(b.length() > 1 ? "," : "").append(write(String.valueOf(e.getKey()))).append(':').append(write(e.getValue()));
        return b.append('}').toString();
    }

    /** Reads one JSON text into Map, List, String, Double, Boolean and null. */
    static final class Reader {
        final String s;
        int at = 0;

        Reader(String s) { this.s = s; }

        Object document() {
            Object v = value();
            ws();
            if (at != s.length()) throw new IllegalArgumentException("trailing characters");
            return v;
        }

        void ws() { while (at < s.length() && Character.isWhitespace(s.charAt(at))) at++; }

        Object value() {
            ws();
            char c = s.charAt(at);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                at++;
                ws();
                if (s.charAt(at) == '}') { at++; return m; }
                while (true) {
                    ws();
                    String key = (String) value();
                    ws();
                    expect(':');
                    m.put(key, value());
                    ws();
                    if (s.charAt(at) == '}') { at++; return m; }
                    expect(',');
                }
            }
            if (c == '[') {
                List<Object> a = new ArrayList<>();
                at++;
                ws();
                if (s.charAt(at) == ']') { at++; return a; }
                while (true) {
                    a.add(value());
                    ws();
                    if (s.charAt(at) == ']') { at++; return a; }
                    expect(',');
                }
            }
            if (c == '"') {
                StringBuilder b = new StringBuilder();
                at++;
                while (s.charAt(at) != '"') {
                    char ch = s.charAt(at++);
                    if (ch != '\\') { b.append(ch); continue; }
                    char e = s.charAt(at++);
                    switch (e) {
                        case 'n': b.append('\n'); break;
                        case 't': b.append('\t'); break;
                        case 'r': b.append('\r'); break;
                        case 'b': b.append('\b'); break;
                        case 'f': b.append('\f'); break;
                        case 'u': b.append((char) Integer.parseInt(s.substring(at, at + 4), 16)); at += 4; break;
                        default: b.append(e);
                    }
                }
                at++;
                return b.toString();
            }
            if (s.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (s.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            if (s.startsWith("null", at)) { at += 4; return null; }
            int start = at;
            while (at < s.length() && "+-0123456789.eE".indexOf(s.charAt(at)) >= 0) at++;
            return Double.parseDouble(s.substring(start, at));
        }

        void expect(char c) {
            if (s.charAt(at) != c) throw new IllegalArgumentException("expected " + c + " at " + at);
            at++;
        }
    }
}
