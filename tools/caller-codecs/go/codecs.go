package main

import (
	"encoding/json"
	"fmt"
	"reflect"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// payload is one workload's bytes as the Node servers send them.
type payload struct {
	requestMessage, replyMessage string
	requestJSON, replyJSON       []byte
	requestPB, replyPB           []byte
	hasRequestJSON, hasRequestPB bool
}

// codec is one encoding's two costs for one workload: the request object -> the bytes sent, and
// the bytes received -> a new reply object. encode is nil when the request has no body.
type codec struct {
	encode, decode      func() error
	encodedRequestBytes *int
}

func messageType(name string) (protoreflect.MessageType, error) {
	mt, err := protoregistry.GlobalTypes.FindMessageByName(protoreflect.FullName(name))
	if err != nil {
		return nil, fmt.Errorf("%s: %w (regenerate relixv1)", name, err)
	}
	return mt, nil
}

// newJSONCodec decodes into the struct types a REST client declares (jsontypes.go), and checks
// that the typed reply kept every value the JSON carried: a field the types missed would make
// decoding look cheaper than it is.
func newJSONCodec(p payload) (*codec, error) {
	replyType, err := messageType(p.replyMessage)
	if err != nil {
		return nil, err
	}
	replyStruct := jsonTypeOf(replyType.Descriptor())
	if err := checkTypedDecode(p.replyJSON, replyStruct); err != nil {
		return nil, fmt.Errorf("reply: %w", err)
	}
	c := &codec{decode: func() error {
		return json.Unmarshal(p.replyJSON, reflect.New(replyStruct).Interface())
	}}
	if !p.hasRequestJSON {
		return c, nil
	}
	requestType, err := messageType(p.requestMessage)
	if err != nil {
		return nil, err
	}
	requestStruct := jsonTypeOf(requestType.Descriptor())
	if err := checkTypedDecode(p.requestJSON, requestStruct); err != nil {
		return nil, fmt.Errorf("request: %w", err)
	}
	request := reflect.New(requestStruct).Interface()
	if err := json.Unmarshal(p.requestJSON, request); err != nil {
		return nil, err
	}
	encoded, err := json.Marshal(request)
	if err != nil {
		return nil, err
	}
	size := len(encoded)
	c.encodedRequestBytes = &size
	c.encode = func() error {
		_, err := json.Marshal(request)
		return err
	}
	return c, nil
}

func newProtobufCodec(p payload) (*codec, error) {
	replyType, err := messageType(p.replyMessage)
	if err != nil {
		return nil, err
	}
	if err := proto.Unmarshal(p.replyPB, replyType.New().Interface()); err != nil {
		return nil, fmt.Errorf("reply: %w", err)
	}
	c := &codec{decode: func() error {
		return proto.Unmarshal(p.replyPB, replyType.New().Interface())
	}}
	if !p.hasRequestPB {
		return c, nil
	}
	requestType, err := messageType(p.requestMessage)
	if err != nil {
		return nil, err
	}
	request := requestType.New().Interface()
	if err := proto.Unmarshal(p.requestPB, request); err != nil {
		return nil, fmt.Errorf("request: %w", err)
	}
	encoded, err := proto.Marshal(request)
	if err != nil {
		return nil, err
	}
	size := len(encoded)
	c.encodedRequestBytes = &size
	c.encode = func() error {
		_, err := proto.Marshal(request)
		return err
	}
	return c, nil
}
