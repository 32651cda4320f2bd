// A uaix-conformance starter adapter: a child process speaking uaix-adapter/1 (JSON-RPC 2.0, one
// message per line) on stdin/stdout. Standard library only.
//
// Every member below is a stub. `describe` lists only the members named in implemented; the pack
// skips (never fails) the checks of every other member. Implement a member, add its name to
// implemented, and run the pack again. Logs go to stderr: stdout carries protocol messages only.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

const protocol = "uaix-adapter/1"

// implemented: the members that work so far; add a name here once its stub is replaced.
var implemented = []string{}

// notImplemented is a stub's answer: a clear error, should it ever be called.
func notImplemented(member string) (any, error) {
	return nil, errors.New("not implemented: " + member)
}

// members maps each member of the contract to its handler; params are the request's params.
var members = map[string]func(params []json.RawMessage) (any, error){
	"validateEnvelope": func(p []json.RawMessage) (any, error) { return notImplemented("validateEnvelope") }, // [packet, {now}] -> verdict
	"computeChecksum":  func(p []json.RawMessage) (any, error) { return notImplemented("computeChecksum") },  // [packet] -> "sha256:<hex>"
	"toKeyless":        func(p []json.RawMessage) (any, error) { return notImplemented("toKeyless") },        // [packet] -> keyless arrays
	"fromKeyless":      func(p []json.RawMessage) (any, error) { return notImplemented("fromKeyless") },      // [wire] -> keyed envelope
	"validateError":    func(p []json.RawMessage) (any, error) { return notImplemented("validateError") },    // [payload, {now}] -> verdict
	"verifyUas":        func(p []json.RawMessage) (any, error) { return notImplemented("verifyUas") },        // [{"$base64"}, artifact] -> uas verdict
	"recovery.start":   func(p []json.RawMessage) (any, error) { return notImplemented("recovery.start") },   // [scenario] -> actions
	"recovery.observe": func(p []json.RawMessage) (any, error) { return notImplemented("recovery.observe") }, // [sessionId, observation] -> actions
}

type request struct {
	ID     int64             `json:"id"`
	Method string            `json:"method"`
	Params []json.RawMessage `json:"params"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// isImplemented says whether a member is listed in implemented.
func isImplemented(method string) bool {
	for _, m := range implemented {
		if m == method {
			return true
		}
	}
	return false
}

// handle answers one request.
func handle(req request) map[string]any {
	out := map[string]any{"jsonrpc": "2.0", "id": req.ID}
	if req.Method == "describe" {
		// Add "inFlight": 16 once the answers depend on nothing but the request: the pack then sends
		// requests ahead while main answers them one after another (docs/protocol.md).
		out["result"] = map[string]any{"name": "my-implementation", "version": "0.0.1", "capabilityLevel": "L0", "protocol": protocol, "methods": implemented}
		return out
	}
	if !isImplemented(req.Method) {
		out["error"] = rpcError{-32601, "no method " + req.Method}
		return out
	}
	result, err := members[req.Method](req.Params)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", req.Method, err)
		out["error"] = rpcError{-32000, err.Error()}
		return out
	}
	out["result"] = result
	return out
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var req request
			if json.Unmarshal(line, &req) == nil {
				answer, _ := json.Marshal(handle(req))
				out.Write(append(answer, '\n'))
				out.Flush() // an unflushed answer looks like a hang
			}
		}
		if err != nil {
			return // stdin closed: the pack is done with us
		}
	}
}
