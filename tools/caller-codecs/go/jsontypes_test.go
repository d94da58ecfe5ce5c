package main

import (
	"strings"
	"testing"

	"relix/caller-codecs/relixv1"
)

func TestTypedStructsKeepEveryValueOfTheRESTJSON(t *testing.T) {
	item := jsonTypeOf((&relixv1.Item{}).ProtoReflect().Descriptor())
	body := `{"id":7,"name":"lamp","price":12.5,"tags":["a","b"],"createdAt":1700000000000,"dims":[1,2,3],"weight":0.4}`
	if err := checkTypedDecode([]byte(body), item); err != nil {
		t.Fatalf("a reply the types describe was refused: %v", err)
	}
}

func TestTypedStructsRefuseJSONWithAFieldTheyMiss(t *testing.T) {
	item := jsonTypeOf((&relixv1.Item{}).ProtoReflect().Descriptor())
	// created_at is the proto name; the REST JSON names it createdAt, so the types would drop it.
	body := `{"id":7,"name":"lamp","created_at":1700000000000}`
	err := checkTypedDecode([]byte(body), item)
	if err == nil || !strings.Contains(err.Error(), "$.created_at") {
		t.Fatalf("want the lost field named, got %v", err)
	}
}

func TestTypedStructsHoldNestedMessagesAndMaps(t *testing.T) {
	list := jsonTypeOf((&relixv1.MeteoriteList{}).ProtoReflect().Descriptor())
	body := `{"items":[{"id":1,"name":"Aachen","geolocation":{"type":"Point","coordinates":[6.08,50.77]}},{"id":2,"geolocation":null}]}`
	if err := checkTypedDecode([]byte(body), list); err != nil {
		t.Fatalf("nested messages: %v", err)
	}
	echo := jsonTypeOf((&relixv1.EchoReply{}).ProtoReflect().Descriptor())
	if err := checkTypedDecode([]byte(`{"status":"ok","data":{"k":"v"}}`), echo); err != nil {
		t.Fatalf("a map field: %v", err)
	}
}
