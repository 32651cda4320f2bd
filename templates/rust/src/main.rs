//! A uaix-conformance starter adapter: a child process speaking uaix-adapter/1 (JSON-RPC 2.0, one
//! message per line) on stdin/stdout. Standard library only (a small JSON reader and writer below).
//!
//! Every member is a stub. `describe` lists only the members named in IMPLEMENTED; the pack skips
//! (never fails) the checks of every other member. Implement a member, add its name to
//! IMPLEMENTED, and run the pack again. Logs go to stderr: stdout carries protocol messages only.
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

const PROTOCOL: &str = "uaix-adapter/1";

/// The members that work so far: add a name here once its stub is replaced.
const IMPLEMENTED: &[&str] = &[];

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
}

/// A stub's answer: a clear error, should it ever be called.
fn not_implemented(member: &str) -> Result<Json, String> {
    Err(format!("not implemented: {}", member))
}

/// Calls a member with the request's params.
fn call(method: &str, _params: &[Json]) -> Result<Json, String> {
    match method {
        "validateEnvelope" => not_implemented(method), // [packet, {now}] -> verdict
        "computeChecksum" => not_implemented(method),  // [packet] -> "sha256:<hex>"
        "toKeyless" => not_implemented(method),        // [packet] -> keyless arrays
        "fromKeyless" => not_implemented(method),      // [wire] -> keyed envelope
        "validateError" => not_implemented(method),    // [payload, {now}] -> verdict
        "verifyUas" => not_implemented(method),        // [{"$base64"}, artifact] -> uas verdict
        "recovery.start" => not_implemented(method),   // [scenario] -> actions
        "recovery.observe" => not_implemented(method), // [sessionId, observation] -> actions
        _ => Err(format!("no method {}", method)),
    }
}

/// The handshake: who this is, and the members it implements.
fn describe() -> Json {
    let mut info = BTreeMap::new();
    info.insert("name".into(), Json::Str("my-implementation".into()));
    info.insert("version".into(), Json::Str("0.0.1".into()));
    info.insert("capabilityLevel".into(), Json::Str("L0".into()));
    info.insert("protocol".into(), Json::Str(PROTOCOL.into()));
    info.insert("methods".into(), Json::Arr(IMPLEMENTED.iter().map(|m| Json::Str(m.to_string())).collect()));
    // Add "inFlight" (16) once the answers depend on nothing but the request: the pack then sends
    // requests ahead while main answers them one after another (docs/protocol.md).
    Json::Obj(info)
}

/// The response to one request.
fn handle(req: &Json) -> Json {
    let mut out = BTreeMap::new();
    out.insert("jsonrpc".into(), Json::Str("2.0".into()));
    let (id, method, params) = match req {
        Json::Obj(m) => (
            m.get("id").cloned().unwrap_or(Json::Null),
            match m.get("method") { Some(Json::Str(s)) => s.clone(), _ => String::new() },
            match m.get("params") { Some(Json::Arr(a)) => a.clone(), _ => Vec::new() },
        ),
        _ => (Json::Null, String::new(), Vec::new()),
    };
    out.insert("id".into(), id);
    let answer = if method == "describe" {
        Ok(describe())
    } else if !IMPLEMENTED.contains(&method.as_str()) {
        out.insert("error".into(), error(-32601, &format!("no method {}", method)));
        return Json::Obj(out);
    } else {
        call(&method, &params)
    };
    match answer {
        Ok(result) => { out.insert("result".into(), result); }
        Err(message) => {
            eprintln!("{}: {}", method, message);
            out.insert("error".into(), error(-32000, &message));
        }
    }
    Json::Obj(out)
}

/// A JSON-RPC error object.
fn error(code: i64, message: &str) -> Json {
    let mut e = BTreeMap::new();
    e.insert("code".into(), Json::Num(code as f64));
    e.insert("message".into(), Json::Str(message.into()));
    Json::Obj(e)
}

/// Reads one JSON text (the whole of `text`).
fn parse(text: &str) -> Result<Json, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    let value = parse_value(&chars, &mut at)?;
    skip_ws(&chars, &mut at);
    if at != chars.len() { return Err("trailing characters".into()); }
    Ok(value)
}

fn skip_ws(c: &[char], at: &mut usize) {
    while *at < c.len() && c[*at].is_whitespace() { *at += 1; }
}

fn parse_value(c: &[char], at: &mut usize) -> Result<Json, String> {
    skip_ws(c, at);
    match c.get(*at) {
        Some('{') => {
            *at += 1;
            let mut m = BTreeMap::new();
            skip_ws(c, at);
            if c.get(*at) == Some(&'}') { *at += 1; return Ok(Json::Obj(m)); }
            loop {
                skip_ws(c, at);
                let key = match parse_value(c, at)? { Json::Str(s) => s, _ => return Err("object key".into()) };
                skip_ws(c, at);
                if c.get(*at) != Some(&':') { return Err("expected :".into()); }
                *at += 1;
                m.insert(key, parse_value(c, at)?);
                skip_ws(c, at);
                match c.get(*at) { Some(',') => *at += 1, Some('}') => { *at += 1; return Ok(Json::Obj(m)); } _ => return Err("expected , or }".into()) }
            }
        }
        Some('[') => {
            *at += 1;
            let mut a = Vec::new();
            skip_ws(c, at);
            if c.get(*at) == Some(&']') { *at += 1; return Ok(Json::Arr(a)); }
            loop {
                a.push(parse_value(c, at)?);
                skip_ws(c, at);
                match c.get(*at) { Some(',') => *at += 1, Some(']') => { *at += 1; return Ok(Json::Arr(a)); } _ => return Err("expected , or ]".into()) }
            }
        }
        Some('"') => {
            *at += 1;
            let mut s = String::new();
            loop {
                match c.get(*at) {
                    None => return Err("unterminated string".into()),
                    Some('"') => { *at += 1; return Ok(Json::Str(s)); }
                    Some('\\') => {
                        *at += 1;
                        match c.get(*at) {
                            Some('n') => s.push('\n'), Some('t') => s.push('\t'), Some('r') => s.push('\r'),
                            Some('b') => s.push('\u{8}'), Some('f') => s.push('\u{c}'),
                            Some('u') => {
                                let hex: String = c.get(*at + 1..*at + 5).ok_or("short \\u")?.iter().collect();
                                let mut unit = u32::from_str_radix(&hex, 16).map_err(|e| e.to_string())?;
                                *at += 4;
                                if (0xD800..0xDC00).contains(&unit) && c.get(*at + 1) == Some(&'\\') && c.get(*at + 2) == Some(&'u') {
                                    let low: String = c.get(*at + 3..*at + 7).ok_or("short \\u")?.iter().collect();
                                    let low = u32::from_str_radix(&low, 16).map_err(|e| e.to_string())?;
                                    if (0xDC00..0xE000).contains(&low) { unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00); *at += 6; }
                                }
                                s.push(char::from_u32(unit).unwrap_or('\u{FFFD}'));
                            }
                            Some(&other) => s.push(other),
                            None => return Err("unterminated string".into()),
                        }
                        *at += 1;
                    }
                    Some(&ch) => { s.push(ch); *at += 1; }
                }
            }
        }
        Some('t') if c[*at..].starts_with(&['t', 'r', 'u', 'e']) => { *at += 4; Ok(Json::Bool(true)) }
        Some('f') if c[*at..].starts_with(&['f', 'a', 'l', 's', 'e']) => { *at += 5; Ok(Json::Bool(false)) }
        Some('n') if c[*at..].starts_with(&['n', 'u', 'l', 'l']) => { *at += 4; Ok(Json::Null) }
        Some(_) => {
            let start = *at;
            while *at < c.len() && "+-0123456789.eE".contains(c[*at]) { *at += 1; }
            let text: String = c[start..*at].iter().collect();
            text.parse::<f64>().map(Json::Num).map_err(|_| format!("bad value at {}", start))
        }
        None => Err("unexpected end".into()),
    }
}

/// Writes a JSON value (integers without a fraction; other numbers as Rust prints them).
fn write_json(v: &Json, out: &mut String) {
    match v {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Num(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => out.push_str(&format!("{}", *n as i64)),
        Json::Num(n) => out.push_str(&format!("{}", n)),
        Json::Str(s) => {
            out.push('"');
            for ch in s.chars() {
                match ch {
                    '"' => out.push_str("\\\""), '\\' => out.push_str("\\\\"), '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"), '\t' => out.push_str("\\t"),
                    c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
        }
        Json::Arr(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() { if i > 0 { out.push(','); } write_json(x, out); }
            out.push(']');
        }
        Json::Obj(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() { if i > 0 { out.push(','); } write_json(&Json::Str(k.clone()), out); out.push(':'); write_json(x, out); }
            out.push('}');
        }
    }
}

fn main() {
    let stdin = io::stdin();
    let mut stdout = io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        if line.trim().is_empty() { continue; }
        let response = match parse(&line) {
            Ok(req) => handle(&req),
            Err(e) => { eprintln!("unreadable request: {}", e); continue; }
        };
        let mut text = String::new();
        write_json(&response, &mut text);
        text.push('\n');
        if stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush()).is_err() { return; } // flush: an unflushed answer looks like a hang
    }
}
